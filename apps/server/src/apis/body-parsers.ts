import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';
import { appendValue, inferValue } from './record-body';

/**
 * The SDK sends `Content-Type: application/json` even on bodiless POSTs (auth-refresh, files/token),
 * so an empty JSON body must read as "no data" instead of failing like Fastify's default parser.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'Failed to read the submitted data.'), undefined);
    }
  });
  // Plain HTML forms: repeated keys become lists; values are inferred like multipart strings.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const data: Record<string, unknown> = {};
      for (const [key, raw] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))) {
        appendValue(data, key, inferValue(raw));
      }
      done(null, data);
    },
  );
}
