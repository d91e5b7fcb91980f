/**
 * `POST /api/verify-cf-profile` (spec part 1 §7, PRODUCT.md §11): a signed-in member submits
 * `cf_verification_code`; the work is in site/cf-verification.ts. A failure answers PocketBase's error
 * body with an `error` field carrying the same text, which is what the app reads.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Core } from '../core';
import { verifyCfProfile } from '../site/cf-verification';
import { ApiError } from '../tools/api-error';

export function registerCfVerificationRoutes(app: FastifyInstance, core: Core, config: Config): void {
  app.post('/api/verify-cf-profile', async (request, reply) => {
    const auth = request.info.auth;
    if (!auth || auth.isSuperuser || auth.collection.name !== 'users')
      throw new ApiError(401, 'The request requires valid record authorization token.');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const result = await verifyCfProfile(
      core,
      config.cfVerify,
      String(auth.record.id),
      body.cf_verification_code,
    );
    if (result.ok) return { cf_username: result.cf_username, cf_verified: result.cf_verified };
    if (result.status >= 500)
      request.log.warn({ user: auth.record.id }, 'profile verification site unavailable');
    return reply
      .status(result.status)
      .type('application/json')
      .send({ status: result.status, message: result.error, data: {}, error: result.error });
  });
}
