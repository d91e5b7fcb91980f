/**
 * PocketBase's activity log: every API request becomes one entry of the stored logs (`/api/logs`),
 * with the fields PocketBase's request logger gives it (`type: "request"`, url, method, status,
 * execTime in ms, auth, referer, userAgent, and the addresses and account id when `settings.logs`
 * allows them). A request that failed is logged at the error level with the error's message and
 * field details; routes marked `config: { logSuccess: false }` (the logs API itself) are logged only
 * when they fail. Entries are queued here and written in batches (core/logs/log-writer.ts), so the
 * request never waits for them. Credentials in query strings are redacted, as in the process log.
 * Only `/api/` requests are logged: the web app's files would drown them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { LOG_LEVELS } from '../core/logs';
import { ApiError } from '../tools/api-error';
import { redactUrl } from '../tools/logger';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: log this route's requests only when they fail (PocketBase's SkipSuccessActivityLog). */
    logSuccess?: boolean;
  }
  interface FastifyRequest {
    /** The error the request ended with, for its log entry. */
    failure?: unknown;
  }
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function decodedPath(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof ApiError) return { error: error.toJSON().message, details: error.data };
  return { error: error instanceof Error ? error.message : String(error) };
}

export function registerRequestLog(app: FastifyInstance, core: Core): void {
  app.addHook('onError', async (request, _reply, error) => {
    request.failure = error;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const failed = request.failure !== undefined;
    if (!failed && request.routeOptions.config.logSuccess === false) return;
    const { logs } = core.settings.get();
    const method = cut(request.method.toUpperCase(), 50);
    const url = cut(redactUrl(request.url), 3000);
    const data: Record<string, unknown> = {
      type: 'request',
      execTime: reply.elapsedTime,
      ...(failed ? errorFields(request.failure) : {}),
      url,
      method,
      status: reply.statusCode,
      referer: cut(header(request, 'referer'), 2000),
      userAgent: cut(header(request, 'user-agent'), 2000),
      ...authFields(request, logs.logAuthId),
    };
    if (logs.logIP) {
      data.userIP = request.ip;
      data.remoteIP = request.socket.remoteAddress ?? '';
    }
    core.logs.writer.write(
      failed ? LOG_LEVELS.error : LOG_LEVELS.info,
      `${method} ${decodedPath(url)}`,
      data,
    );
  });
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return typeof value === 'string' ? value : '';
}

function authFields(request: FastifyRequest, logAuthId: boolean): Record<string, string> {
  // Undefined when the request failed before the caller was read (a body it could not parse).
  const auth = (request.info as FastifyRequest['info'] | undefined)?.auth;
  if (!auth) return { auth: '' };
  return logAuthId
    ? { auth: auth.collection.name, authId: String(auth.record.id) }
    : { auth: auth.collection.name };
}
