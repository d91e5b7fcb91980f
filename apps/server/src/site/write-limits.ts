/**
 * Per-member write limits (PRODUCT.md §9): posts and comments 1 per 5 s, direct messages 20 per
 * minute, reports 20 per day, co-author invitations 20 per hour. They follow the `rateLimits.enabled`
 * setting like the HTTP limits, and never apply to the server's own writes.
 */
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { ApiError } from '../tools/api-error';

const LIMITS: Array<{ collection: string; max: number; windowSeconds: number }> = [
  { collection: 'posts', max: 1, windowSeconds: 5 },
  { collection: 'comments', max: 1, windowSeconds: 5 },
  { collection: 'messages', max: 20, windowSeconds: 60 },
  { collection: 'reports', max: 20, windowSeconds: 86_400 },
  // Each invitation is a notification to someone else.
  { collection: 'post_invitations', max: 20, windowSeconds: 3600 },
];

export function registerWriteLimits(core: Core): void {
  const limiter = core.rateLimiter('writes');
  for (const limit of LIMITS) {
    core.hooks.on(
      'beforeCreate',
      async (event: RecordEvent) => {
        const auth = event.request.auth;
        if (!auth || auth.isSuperuser || !core.settings.get().rateLimits.enabled) return;
        const result = await limiter.hit(
          `${limit.collection}:${String(auth.record.id)}`,
          limit.max,
          limit.windowSeconds,
        );
        if (!result.allowed)
          throw new ApiError(
            429,
            `You are doing that too often. Try again in ${result.retryAfter} seconds.`,
          ).withHeader('Retry-After', String(result.retryAfter));
      },
      limit.collection,
    );
  }
}
