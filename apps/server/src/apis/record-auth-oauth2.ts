/**
 * OpenID Connect sign-in: `POST /api/collections/{c}/auth-with-oauth2` (the code exchange), and
 * `GET|POST /api/oauth2-redirect`, where the provider sends the browser back during the SDK's popup
 * flow. The redirect hands `{state, code[, error]}` to the realtime client whose id is the state and
 * that is waiting on an `@oauth2` subscription; the SDK in the opener then calls auth-with-oauth2.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Core } from '../core';
import { authWithOAuth2, setupOAuth2 } from '../core/auth/oauth2';
import { OAuth2Error } from '../core/auth/oidc-provider';
import { pickFields } from '../tools/picker';
import { queryString, type Query } from './query-params';
import { authResponse, requireAuthCollection } from './record-auth';
import { readFormBody } from './record-body';

type Params = { collection: string };

export interface OAuth2RedirectPayload {
  state: string;
  code: string;
  error?: string;
}

/** Where a provider's redirect goes: the waiting client, if there is one. */
export interface OAuth2RedirectSink {
  /** True when the client named by `state` was waiting (from `ip`) and got the payload. */
  deliver(state: string, ip: string, payload: OAuth2RedirectPayload): Promise<boolean>;
}

const OAUTH2_TOPIC = '@oauth2';
const MAX_STATE_LENGTH = 255;
const MAX_CODE_LENGTH = 4096;

const FAILURE_TEXT = 'Failed to authenticate. You can close this window and go back to the app to try again.';
const SUCCESS_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Auth completed</title></head>' +
  '<body><p>Auth completed. You can close this window and go back to the app.</p></body></html>';

/**
 * The realtime service as a sink: the client must be open, hold an `@oauth2` subscription and be
 * connected from the address the redirect comes from. The subscription is spent once used. The
 * client may be connected to another process of the cluster (see core/realtime/handover.ts).
 */
export function realtimeOAuth2Sink(core: Core): OAuth2RedirectSink {
  return {
    deliver: (state, ip, payload) => core.realtime.handOver(state, OAUTH2_TOPIC, ip, payload),
  };
}

function firstString(source: unknown, key: string): string {
  const value = (source as Record<string, unknown> | null | undefined)?.[key];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

export function registerRecordAuthOAuth2Routes(
  app: FastifyInstance,
  core: Core,
  config: Pick<Config, 'oidc' | 'production'>,
  sink: OAuth2RedirectSink = realtimeOAuth2Sink(core),
): void {
  const oauth2 = setupOAuth2(core, config);
  oauth2.report = (error, message) => app.log.warn({ err: error }, message);

  app.post<{ Params: Params }>('/api/collections/:collection/auth-with-oauth2', async (request) => {
    const collection = requireAuthCollection(core, request.params.collection);
    const body = await readFormBody(request);
    let signIn: Awaited<ReturnType<typeof authWithOAuth2>>;
    try {
      signIn = await authWithOAuth2(core, collection, body, request.info);
    } catch (error) {
      if (error instanceof OAuth2Error) {
        request.log.warn(
          { event: 'auth.oauth2.failure', collection: collection.name, ip: request.ip, err: error.reason },
          error.message,
        );
      }
      throw error;
    }
    const { record, meta, reclaimed } = signIn;
    if (reclaimed) {
      request.log.warn(
        { event: 'auth.oauth2.reclaimed', collection: collection.name, recordId: record.id, ip: request.ip },
        'unverified account taken over by the owner of its verified email; password reset, links removed',
      );
    }
    request.log.info(
      {
        event: 'auth.success',
        method: 'oauth2',
        collection: collection.name,
        recordId: record.id,
        isNew: meta.isNew,
        ip: request.ip,
      },
      'signed in',
    );
    const info = { ...request.info, context: 'oauth2' as const };
    const response = await authResponse(core, collection, record, info);
    return pickFields({ ...response, meta }, queryString(request.query as Query, 'fields'));
  });

  const redirect = async (request: FastifyRequest, reply: FastifyReply, source: unknown) => {
    const state = firstString(source, 'state');
    const code = firstString(source, 'code');
    const error = firstString(source, 'error');
    const payload: OAuth2RedirectPayload = error ? { state, code, error } : { state, code };
    const delivered =
      state !== '' &&
      state.length <= MAX_STATE_LENGTH &&
      code.length <= MAX_CODE_LENGTH &&
      (await sink.deliver(state, request.ip, payload));
    reply.header('Cache-Control', 'no-store');
    if (!delivered || error || !code) {
      request.log.info(
        { event: 'auth.oauth2.redirect', delivered, ip: request.ip },
        'OAuth2 redirect failed',
      );
      return reply.type('text/plain; charset=utf-8').send(FAILURE_TEXT);
    }
    return reply.type('text/html; charset=utf-8').send(SUCCESS_HTML);
  };
  // A HEAD must not spend the subscription, so only GET is routed.
  app.get('/api/oauth2-redirect', { exposeHeadRoute: false }, (request, reply) =>
    redirect(request, reply, request.query),
  );
  // Providers using response_mode=form_post (Apple) post the same fields as a form.
  app.post('/api/oauth2-redirect', (request, reply) => redirect(request, reply, request.body));
}
