import type { FastifyInstance } from 'fastify';

/** Headers PocketBase adds to every response, plus a referrer policy that keeps private URLs private. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-XSS-Protection': '1; mode=block',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'same-origin',
  // The app uses none of these; a page that got script in anyway cannot ask for them either.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * What the web app may load (docs/adr/0004-content-security-policy.md). Scripts only from our own
 * files: no inline script and no eval, so markup that slipped past the sanitisers still cannot run.
 * Styles allow inline ones because Mantine renders `<style>` elements (its CSS variables and
 * responsive style props) at run time. Images come from the API (same origin), `data:` and `blob:`
 * (previews of a file before it is uploaded); other sites' images are not loaded, so a post cannot
 * tell a third party who read it. The API, realtime (SSE) and files are all same-origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    // A route with a stricter policy of its own (file downloads) keeps it.
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}
