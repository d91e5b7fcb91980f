/**
 * Abuse limits (PRODUCT.md §9), answered with 429, `Retry-After` and PocketBase's error body. The
 * limits are on by default and switched with the `rateLimits.enabled` setting. The counters are the
 * core's: per process, or shared by every process through Redis (`REDIS_URL`).
 *
 * Limits hold on every spelling of a path (PRODUCT.md §15): they match the route the router actually
 * serves (its pattern filled with the decoded parameters), never the raw URL, so `/%61pi/...` or
 * `record%73` count like the plain spelling. A batch's sub-requests count as the requests they stand
 * for (`request.limitSubRequest`, called by apis/batch.ts for each item before anything runs).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { ApiError } from '../tools/api-error';
import type { RateLimiter } from '../tools/rate-limiter';
import { readFormBody } from './record-body';

declare module 'fastify' {
  interface FastifyRequest {
    /** Counts one batch sub-request against the limits the same request would meet on its own. */
    limitSubRequest?: (method: string, url: string, body: unknown) => Promise<void>;
  }
}

/** What a limit looks at: one request, or one sub-request of a batch. */
export interface LimitSubject {
  method: string;
  /** The decoded, normalised path, e.g. `/api/collections/users/records`. */
  path: string;
  ip: string;
  body: unknown;
  memberId: string;
  /** The `:collection` route parameter, when the route has one. */
  collection: string;
}

interface Limit {
  /** Which requests it applies to: the route pattern and method. */
  route: RegExp;
  method: string;
  max: number;
  windowSeconds: number;
  /** What is counted: the client address, or an address submitted in the body. */
  key: (subject: LimitSubject) => string | null;
  /**
   * The key reads the body: it is read before the limit is checked, whatever its content type
   * (a multipart body is otherwise only read by the handler, after the limits have run).
   */
  readsBody?: boolean;
  /**
   * `success`: only requests that succeed count (checked before, counted once the answer is known), so a
   * member who mistypes is not locked out by the refusals; a separate, more generous limit counts every
   * attempt. Batch sub-requests count when checked, as their outcome is not known one by one.
   */
  counts?: 'success';
}

/** How often a member may change their live subscriptions (`POST /api/realtime`) in a minute. */
export const REALTIME_CHANGES_PER_MINUTE = 120;

const byIp = (subject: LimitSubject) => subject.ip;
const byEmail = (field: string) => (subject: LimitSubject) => {
  const value = (subject.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
};
/** The signed-in member, or the address for anyone else. */
const byMember = (subject: LimitSubject) => (subject.memberId ? `member:${subject.memberId}` : subject.ip);
const isAuthCollection = (core: Core) => (subject: LimitSubject) =>
  core.registry.find(subject.collection)?.type === 'auth' ? subject.ip : null;

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
    readsBody: true,
  },
  // One-time codes are mails too: limited per address like reset mails (PRODUCT.md §15).
  {
    name: 'otp-mail',
    route: /\/request-otp$/,
    method: 'POST',
    max: 5,
    windowSeconds: 1800,
    key: byEmail('email'),
    readsBody: true,
  },
  {
    name: 'email-change',
    route: /\/request-email-change$/,
    method: 'POST',
    max: 5,
    windowSeconds: 1800,
    key: byEmail('newEmail'),
    readsBody: true,
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
  // Each change of a stream's subscriptions reads and prices its whole list again (up to 1,000
  // filters, core/realtime/pricing.ts): bounded per member, far above what the web app's pages send.
  {
    name: 'realtime-subscribe',
    route: /^\/api\/realtime$/,
    method: 'POST',
    max: REALTIME_CHANGES_PER_MINUTE,
    windowSeconds: 60,
    key: byMember,
  },
  // A book reads and renders every chapter and image of a story or series (apis/epub.ts).
  {
    name: 'epub',
    route: /^\/api\/epub\//,
    method: 'GET',
    max: 20,
    windowSeconds: 600,
    key: byMember,
  },
];

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL path decoded segment by segment, with empty segments and a trailing slash dropped. */
export function normalisePath(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  return `/${segments.map(safeDecode).join('/')}`;
}

function applies(limit: Limit, method: string, path: string): boolean {
  return (limit.method === '*' || limit.method === method) && limit.route.test(path);
}

/** The route the router serves for this request: its pattern filled with the decoded parameters. */
function servedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  if (!pattern || pattern === '*' || pattern.endsWith('*')) return normalisePath(request.url);
  return pattern.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
}

/** The record route a batch item names (the only kind batch runs), decoded like the router would. */
const RECORDS_PATH = /^\/api\/collections\/([^/]+)\/records(?:\/[^/]+)?$/;

export function registerRateLimits(
  app: FastifyInstance,
  core: Core,
  limiter: RateLimiter = core.rateLimiter('api'),
): void {
  const limits = LIMITS(core);
  // The success-counted limits a request met, counted once its answer is known.
  const pending = new WeakMap<FastifyRequest, Array<{ counter: string; limit: Limit }>>();
  const enforce = async (
    request: FastifyRequest,
    subject: LimitSubject,
    countOnSuccess: boolean,
  ): Promise<string | null> => {
    for (const limit of limits) {
      if (!applies(limit, subject.method, subject.path)) continue;
      const key = limit.key(subject);
      if (key === null) continue;
      const counter = `${limit.name}:${key}`;
      if (limit.counts === 'success' && countOnSuccess) {
        if ((await limiter.count(counter)) >= limit.max) {
          request.log.warn({ limit: limit.name, ip: subject.ip }, 'rate limit hit');
          return String(limit.windowSeconds);
        }
        pending.set(request, [...(pending.get(request) ?? []), { counter, limit }]);
        continue;
      }
      const result = await limiter.hit(counter, limit.max, limit.windowSeconds);
      if (!result.allowed) {
        request.log.warn({ limit: limit.name, ip: subject.ip }, 'rate limit hit');
        return String(result.retryAfter);
      }
    }
    return null;
  };
  app.addHook('preHandler', async (request, reply) => {
    if (!core.settings.get().rateLimits.enabled || request.info?.auth?.isSuperuser) return;
    const id = request.info?.auth?.record.id;
    const memberId = typeof id === 'string' ? id : '';
    const path = servedPath(request);
    const readsBody = limits.some((limit) => limit.readsBody && applies(limit, request.method, path));
    const retryAfter = await enforce(
      request,
      {
        method: request.method,
        path,
        ip: request.ip,
        body: readsBody ? await readFormBody(request) : request.body,
        memberId,
        collection: (request.params as { collection?: string } | undefined)?.collection ?? '',
      },
      true,
    );
    if (retryAfter !== null) {
      reply.header('Retry-After', retryAfter);
      throw new ApiError(429);
    }
    request.limitSubRequest = async (method, url, body) => {
      const path = normalisePath(url);
      const retry = await enforce(
        request,
        {
          method: method.toUpperCase(),
          path,
          ip: request.ip,
          body,
          memberId,
          collection: RECORDS_PATH.exec(path)?.[1] ?? '',
        },
        false,
      );
      if (retry !== null) {
        reply.header('Retry-After', retry);
        throw new ApiError(429);
      }
    };
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400) return;
    for (const { counter, limit } of pending.get(request) ?? []) {
      await limiter.hit(counter, limit.max, limit.windowSeconds);
    }
  });
}
