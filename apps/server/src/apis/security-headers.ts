import type { FastifyInstance } from 'fastify';

/** Headers PocketBase adds to every response, plus a referrer policy that keeps private URLs private. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-XSS-Protection', '1; mode=block');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });
}
