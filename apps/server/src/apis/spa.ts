/**
 * Serves the built web app. Hashed files under /assets never change, so browsers may keep them for a
 * year; index.html is revalidated on every load so a deploy reaches everyone at once. Any GET that is
 * not an API call and not a file gets index.html (history fallback), and the SPA routes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Whether a request that found no built file wanted a file rather than a page: anything under
 * /assets (the build's own files), or a path with an extension asked for by a script, a stylesheet
 * or an image (their requests do not accept HTML). An address a member opens, reloads or shares asks
 * for HTML, and gets the app whatever its last part looks like: usernames may contain full stops, and
 * old archive addresses end in `.php`.
 */
export function isMissingFile(url: string, accept: string | undefined): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '/';
  if (pathname.startsWith('/assets/')) return true;
  const lastPart = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(lastPart) && !(accept ?? '').includes('text/html');
}

export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (!hasSpa) {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run `npm run build`)');
  } else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('Cache-Control', isHashedAsset ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !wantsPage || !hasSpa) {
      throw new ApiError(404);
    }
    if (isMissingFile(request.url, request.headers.accept)) throw new ApiError(404);
    return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
  });
}
