/** One-time-password sign-in and superuser impersonation. */
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import { authWithOtp, requestOtp } from '../core/auth/otp';
import { assertMaySignIn } from '../core/auth/sign-in-gate';
import { findRecord } from '../core/records/find';
import { ApiError } from '../tools/api-error';
import { pickFields } from '../tools/picker';
import { requireSuperuser } from './collections';
import { queryString, type Query } from './query-params';
import { authResponse, requireAuthCollection } from './record-auth';
import { readFormBody } from './record-body';

type Params = { collection: string; id?: string };
type Body = Record<string, unknown>;

export function registerRecordAuthOtpRoutes(app: FastifyInstance, core: Core): void {
  app.post<{ Params: Params }>('/api/collections/:collection/request-otp', async (request) => {
    const collection = requireAuthCollection(core, request.params.collection);
    return requestOtp(core.accountMail, collection, await readFormBody(request));
  });

  app.post<{ Params: Params }>('/api/collections/:collection/auth-with-otp', async (request) => {
    const collection = requireAuthCollection(core, request.params.collection);
    const record = await authWithOtp(core.accountMail, collection, await readFormBody(request));
    const info = { ...request.info, context: 'otp' as const };
    await assertMaySignIn(core.records, collection, record, info);
    return pickFields(
      await authResponse(core, collection, record, info),
      queryString(request.query as Query, 'fields'),
    );
  });

  app.post<{ Params: Params }>('/api/collections/:collection/impersonate/:id', async (request) => {
    requireSuperuser(request);
    const collection = requireAuthCollection(core, request.params.collection);
    const record = await findRecord(core.records, collection, request.params.id ?? '', null);
    if (!record) throw new ApiError(404);
    const duration = Number(((await readFormBody(request)) as Body).duration ?? 0);
    if (!Number.isInteger(duration) || duration < 0) {
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        duration: { code: 'validation_min_greater_equal_than_required', message: 'Must be no less than 0.' },
      });
    }
    const token = await core.tokens.issue(collection, record, 'auth', undefined, {
      durationSeconds: duration,
      refreshable: false,
    });
    const response = await authResponse(core, collection, record, request.info);
    return pickFields({ ...response, token }, queryString(request.query as Query, 'fields'));
  });
}
