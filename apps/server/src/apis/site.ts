/**
 * `GET /api/site` (anyone): the deployment's settings the web app shows, read from the environment
 * when the server starts (SITE_TITLE, PATRON_URL, CHAT_URL, DEFAULT_THEME), so changing one is a
 * restart, never a rebuild. A JSON answer rather than an injected script: the Content-Security-Policy
 * allows no inline script (docs/adr/0004-content-security-policy.md).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export function registerSiteRoutes(app: FastifyInstance, config: Config): void {
  const answer = {
    title: config.siteTitle,
    patronUrl: config.site.patronUrl ?? '',
    chatUrl: config.site.chatUrl ?? '',
    defaultTheme: config.site.defaultTheme,
  };
  app.get('/api/site', (_request, reply) =>
    // Revalidated on every load, so a restart with new values shows at the next page load.
    reply.header('Cache-Control', 'no-cache').send(answer),
  );
}
