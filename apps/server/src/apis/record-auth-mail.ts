/** The auth endpoints behind mailed links, and `auth-methods`. Each answers 204 on success. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import {
  confirmEmailChange,
  confirmPasswordReset,
  confirmVerification,
  requestEmailChange,
  requestPasswordReset,
  requestVerification,
} from '../core/auth/account-mail';
import { authMethodsOAuth2 } from '../core/auth/oauth2';
import { pickFields } from '../tools/picker';
import { queryString, type Query } from './query-params';
import { requireAuthCollection, requireSameCollectionAuth } from './record-auth';
import { readFormBody } from './record-body';

type Params = { collection: string };
type Body = Record<string, unknown>;

/** JSON, multipart or url-encoded, as PocketBase binds each of these forms. */
const bodyOf = (request: FastifyRequest): Promise<Body> => readFormBody(request);

export function registerRecordAuthMailRoutes(app: FastifyInstance, core: Core): void {
  const deps = core.accountMail;
  const route = (path: string, run: (request: FastifyRequest<{ Params: Params }>) => Promise<void>) =>
    app.post<{ Params: Params }>(
      `/api/collections/:collection/${path}`,
      async (request, reply: FastifyReply) => {
        await run(request);
        return reply.status(204).send();
      },
    );

  route('request-verification', async (r) =>
    requestVerification(deps, requireAuthCollection(core, r.params.collection), await bodyOf(r)),
  );
  route('confirm-verification', async (r) =>
    confirmVerification(deps, requireAuthCollection(core, r.params.collection), await bodyOf(r)),
  );
  route('request-password-reset', async (r) =>
    requestPasswordReset(deps, requireAuthCollection(core, r.params.collection), await bodyOf(r)),
  );
  route('confirm-password-reset', async (r) =>
    confirmPasswordReset(deps, requireAuthCollection(core, r.params.collection), await bodyOf(r)),
  );
  route('request-email-change', async (r) => {
    const { auth, collection } = requireSameCollectionAuth(core, r);
    await requestEmailChange(deps, collection, auth, await bodyOf(r));
  });
  route('confirm-email-change', async (r) =>
    confirmEmailChange(deps, requireAuthCollection(core, r.params.collection), await bodyOf(r)),
  );

  app.get<{ Params: Params }>('/api/collections/:collection/auth-methods', async (request) => {
    const collection = requireAuthCollection(core, request.params.collection);
    const password = collection.passwordAuth;
    const oauth2 = await authMethodsOAuth2(core, collection);
    const methods = {
      password: { enabled: password.enabled, identityFields: password.identityFields },
      oauth2,
      mfa: { enabled: false, duration: 0 },
      otp: {
        enabled: collection.otp.enabled,
        duration: collection.otp.enabled ? collection.otp.duration : 0,
      },
      authProviders: oauth2.providers,
      usernamePassword: password.enabled && password.identityFields.includes('username'),
      emailPassword: password.enabled && password.identityFields.includes('email'),
    };
    return pickFields(methods, queryString(request.query as Query, 'fields'));
  });
}
