import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSuperuser } from '../core/rules/request-info';

/**
 * Headers that suggest a reverse proxy in front, in PocketBase's order (healthCheck in apis/health.go):
 * the configured trusted-proxy headers first (this server has none: it does not trust forwarded
 * addresses), then two common CDN headers. PocketBase's list ends with an "X-Forwarded-For" spelled
 * with a non-ASCII hyphen, which no request carries, so it is left out here.
 */
const TRUSTED_PROXY_HEADERS: readonly string[] = [];
const COMMON_PROXY_HEADERS = ['CF-Connecting-IP', 'Fly-Client-IP'];

function possibleProxyHeader(request: FastifyRequest): string {
  for (const header of [...TRUSTED_PROXY_HEADERS, ...COMMON_PROXY_HEADERS]) {
    if (request.headers[header.toLowerCase()]) return header;
  }
  return '';
}

/**
 * `GET /api/health` (HEAD answers too): a liveness probe for load balancers and the SDK's
 * `health.check()`. Superusers also get `canBackup` (backups run from the command line in their
 * own process, never inside the server, so one is never in progress here), the address the request
 * came from, and the first proxy header present; everyone else gets `data: {}`.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/api/health', (request) => ({
    message: 'API is healthy.',
    code: 200,
    data: isSuperuser(request.info)
      ? { canBackup: true, realIP: request.ip, possibleProxyHeader: possibleProxyHeader(request) }
      : {},
  }));
}
