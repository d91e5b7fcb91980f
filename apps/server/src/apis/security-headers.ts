import type { FastifyInstance } from 'fastify';

/** Headers PocketBase adds to every response, plus a referrer policy that keeps private URLs private. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-XSS-Protection': '1; mode=block',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'same-origin',
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    return payload;
  });
}
