/**
 * Abuse limits (PRODUCT.md §9), answered with 429, `Retry-After` and PocketBase's error body. The
 * limits are on by default and switched with the `rateLimits.enabled` setting. The counters are the
 * core's: per process, or shared by every process through Redis (`REDIS_URL`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { ApiError } from '../tools/api-error';
import type { RateLimiter } from '../tools/rate-limiter';

interface Limit {
  /** Which requests it applies to: the route pattern and method. */
  route: RegExp;
  method: string;
  max: number;
  windowSeconds: number;
  /** What is counted: the client address, or an address submitted in the body. */
  key: (request: FastifyRequest) => string | null;
  /**
   * `success`: only requests that succeed count (checked before, counted after), so a member who mistypes
   * is not locked out by the refusals; a separate, more generous limit counts every attempt.
   */
  counts?: 'success';
}

const byIp = (request: FastifyRequest) => request.ip;
const byEmail = (field: string) => (request: FastifyRequest) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
};
/** The signed-in member, or the address for anyone else. */
const byMember = (request: FastifyRequest) => {
  const id = request.info?.auth?.record.id;
  return typeof id === 'string' && id ? `member:${id}` : request.ip;
};
const isAuthCollection = (core: Core) => (request: FastifyRequest) => {
  const name = (request.params as { collection?: string } | undefined)?.collection ?? '';
  return core.registry.find(name)?.type === 'auth' ? request.ip : null;
};

export const LIMITS = (core: Core): Array<Limit & { name: string }> => [
  { name: 'api', route: /^\/api\//, method: '*', max: 300, windowSeconds: 10, key: byIp },
  { name: 'sign-in', route: /\/auth-with-password$/, method: 'POST', max: 5, windowSeconds: 20, key: byIp },
  {
    name: 'sign-up',
    route: /^\/api\/collections\/[^/]+\/records$/,
    method: 'POST',
    max: 3,
    windowSeconds: 3600,
    key: isAuthCollection(core),
    counts: 'success',
  },
  {
    name: 'sign-up-attempts',
    route: /^\/api\/collections\/[^/]+\/records$/,
    method: 'POST',
    max: 30,
    windowSeconds: 3600,
    key: isAuthCollection(core),
  },
  {
    name: 'mail',
    route: /\/request-(verification|password-reset)$/,
    method: 'POST',
    max: 5,
    windowSeconds: 1800,
    key: byEmail('email'),
  },
  {
    name: 'email-change',
    route: /\/request-email-change$/,
    method: 'POST',
    max: 5,
    windowSeconds: 1800,
    key: byEmail('newEmail'),
  },
  // Each attempt costs the external site a lookup (PRODUCT.md §11).
  {
    name: 'cf-verify',
    route: /^\/api\/verify-cf-profile$/,
    method: 'POST',
    max: 10,
    windowSeconds: 3600,
    key: byMember,
  },
];

export function registerRateLimits(
  app: FastifyInstance,
  core: Core,
  limiter: RateLimiter = core.rateLimiter('api'),
): void {
  const limits = LIMITS(core);
  // The success-counted limits that applied to a request, counted once its answer is known.
  const pending = new WeakMap<FastifyRequest, Array<{ key: string; limit: Limit }>>();

  app.addHook('preHandler', async (request, reply) => {
    if (!core.settings.get().rateLimits.enabled || request.info?.auth?.isSuperuser) return;
    const path = request.url.split('?')[0] ?? '';
    for (const limit of limits) {
      if ((limit.method !== '*' && limit.method !== request.method) || !limit.route.test(path)) continue;
      const key = limit.key(request);
      if (key === null) continue;
      const counter = `${limit.name}:${key}`;
      if (limit.counts === 'success') {
        if ((await limiter.count(counter)) >= limit.max)
          refuse(request, reply, limit.name, limit.windowSeconds);
        pending.set(request, [...(pending.get(request) ?? []), { key: counter, limit }]);
        continue;
      }
      const result = await limiter.hit(counter, limit.max, limit.windowSeconds);
      if (!result.allowed) refuse(request, reply, limit.name, result.retryAfter);
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const succeeded = reply.statusCode < 400;
    for (const { key, limit } of pending.get(request) ?? []) {
      if (succeeded) await limiter.hit(key, limit.max, limit.windowSeconds);
    }
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply, name: string, retryAfter: number): never {
  request.log.warn({ limit: name, ip: request.ip }, 'rate limit hit');
  reply.header('Retry-After', String(retryAfter));
  throw new ApiError(429);
}
