# The site as a container image: one Node.js process serving the API and the web app.
#   docker build -t size-community .
#   docker run -p 8090:8090 -v community-data:/data size-community
# docs/operations.md ("Container") has the variables, the volume and the compose setup.

# --- build: install everything, build the web app and the server bundle -----------------------
FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles here when no prebuilt binary fits.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/filter/package.json packages/filter/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime dependencies: the server's production packages only -----------------------------
# Install scripts are off; the one native addon that needs its script (better-sqlite3) keeps the
# binary the build stage compiled (same Node, same system) instead of compiling it again.
FROM build AS deps
RUN mv node_modules/better-sqlite3/build /tmp/better-sqlite3-build \
  && rm -rf node_modules apps/*/node_modules packages/*/node_modules \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
       --workspace=@community/server --include-workspace-root=false \
  && mv /tmp/better-sqlite3-build node_modules/better-sqlite3/build

# --- runtime: no compilers, no sources, not root -----------------------------------------------
FROM node:20-bookworm-slim AS runtime
# pg_dump / pg_restore for backups on PostgreSQL (use a PostgreSQL server of version 15 or older,
# or a client image matching yours: pg_dump refuses to dump a newer server).
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8090 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8090
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8090)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js", "serve"]
