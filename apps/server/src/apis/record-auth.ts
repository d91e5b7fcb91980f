/**
 * Signing in with a password and refreshing a session, for any auth collection (superusers included).
 * Unknown identities cost a bcrypt check like known ones, so the answer's timing reveals nothing.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../core';
import type { Collection } from '../core/collections/model';
import { ROW } from '../core/records/context';
import { decodeRow, type RecordData } from '../core/records/record';
import { serializeRecord } from '../core/records/serialize';
import { assertMaySignIn } from '../core/auth/sign-in-gate';
import { updateRecord } from '../core/records/write';
import { systemRequest, type RequestInfo } from '../core/rules/request-info';
import { randomTokenKey } from '../tools/security/random';
import { decodeUnverified } from '../tools/security/tokens';
import { bearerToken } from './request-info';
import { ApiError } from '../tools/api-error';
import { pickFields } from '../tools/picker';
import { queryString, type Query } from './query-params';

type Params = { collection: string };

/** ASVS 6.3.1: failed sign-ins allowed per account and hour, from any address. */
const MAX_FAILURES_PER_HOUR = 100;

export function requireAuthCollection(core: Core, idOrName: string): Collection {
  const collection = core.registry.find(idOrName);
  if (!collection || collection.type !== 'auth')
    throw new ApiError(404, 'Missing or invalid auth collection context.');
  return collection;
}

async function findByIdentity(
  core: Core,
  collection: Collection,
  identity: string,
): Promise<RecordData | null> {
  const fields = collection.passwordAuth.identityFields.filter((name) =>
    collection.fields.some((f) => f.name === name),
  );
  for (const name of fields) {
    // An identity that is not email-shaped cannot be an email: skip that lookup (PocketBase does too).
    if (name === 'email' && !identity.includes('@')) continue;
    // Emails match in any letter case, as members type them.
    const column = sql.ref(`${ROW}.${name}`);
    const condition =
      name === 'email' ? sql`LOWER(${column}) = ${identity.toLowerCase()}` : sql`${column} = ${identity}`;
    const rows = await sql<
      Record<string, unknown>
    >`SELECT ${sql.ref(ROW)}.* FROM ${sql.table(collection.name)} AS ${sql.id(ROW)} WHERE ${condition} LIMIT 1`.execute(
      core.db.reader,
    );
    if (rows.rows[0]) return decodeRow(collection, rows.rows[0]);
  }
  return null;
}

export async function authResponse(
  core: Core,
  collection: Collection,
  record: RecordData,
  request: RequestInfo,
) {
  const token = await core.tokens.issue(collection, record, 'auth');
  const self: RequestInfo = {
    ...request,
    auth: { collection, record, isSuperuser: collection.name === '_superusers' },
  };
  return { token, record: serializeRecord(collection, record, { request: self }) };
}

export function registerRecordAuthRoutes(app: FastifyInstance, core: Core): void {
  app.post<{ Params: Params }>('/api/collections/:collection/auth-with-password', async (request) => {
    const collection = requireAuthCollection(core, request.params.collection);
    if (!collection.passwordAuth.enabled)
      throw new ApiError(403, 'The collection is not configured to allow password authentication.');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const identity = typeof body.identity === 'string' ? body.identity.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!identity || !password) {
      const data: Record<string, unknown> = {};
      if (!identity) data.identity = { code: 'validation_required', message: 'Cannot be blank.' };
      if (!password) data.password = { code: 'validation_required', message: 'Cannot be blank.' };
      throw new ApiError(400, 'An error occurred while validating the submitted data.', data);
    }
    const record = await findByIdentity(core, collection, identity);
    // ASVS 6.3.1: at most 100 failed sign-ins per account and hour, whatever address they come from.
    const attempts = core.accountMail.attempts;
    const failuresKey = record ? `sign-in-failures:${collection.id}:${String(record.id)}` : null;
    if (failuresKey && (await attempts.count(failuresKey)) >= MAX_FAILURES_PER_HOUR) {
      request.log.warn(
        { event: 'auth.locked', collection: collection.name, recordId: record?.id, ip: request.ip },
        'sign-in refused: too many failures',
      );
      throw new ApiError(429);
    }
    const ok = record
      ? await core.passwords.verify(password, String(record.password))
      : await core.passwords.verifyDummy(password);
    if (!record || !ok) {
      if (failuresKey) await attempts.hit(failuresKey, MAX_FAILURES_PER_HOUR, 3600);
      request.log.warn(
        { event: 'auth.failure', collection: collection.name, recordId: record?.id ?? null, ip: request.ip },
        'sign-in failed',
      );
      throw new ApiError(400, 'Failed to authenticate.');
    }
    const info = { ...request.info, context: 'password' as const };
    await assertMaySignIn(core.records, collection, record, info);
    request.log.info(
      { event: 'auth.success', collection: collection.name, recordId: record.id, ip: request.ip },
      'signed in',
    );
    return pickFields(
      await authResponse(core, collection, record, info),
      queryString(request.query as Query, 'fields'),
    );
  });

  app.post<{ Params: Params }>('/api/collections/:collection/auth-refresh', async (request) => {
    const collection = requireAuthCollection(core, request.params.collection);
    const auth = request.info.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    if (auth.collection.id !== collection.id) {
      throw new ApiError(403, `The request requires auth record from ${collection.name} collection.`);
    }
    const response = await authResponse(core, collection, auth.record, request.info);
    // A non-refreshable token (impersonation) is echoed back, so its lifetime cannot be extended.
    const current = bearerToken(request.headers.authorization);
    if (decodeUnverified(current)?.refreshable === false) response.token = current;
    return pickFields(response, queryString(request.query as Query, 'fields'));
  });

  // Extension: "sign out everywhere". A new token key ends every session of the account at once
  // (stateless tokens cannot be revoked one by one).
  app.post<{ Params: Params }>('/api/collections/:collection/auth-logout', async (request, reply) => {
    const collection = requireAuthCollection(core, request.params.collection);
    const auth = request.info.auth;
    if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
    if (auth.collection.id !== collection.id) {
      throw new ApiError(403, `The request requires auth record from ${collection.name} collection.`);
    }
    // Through the record service, so open realtime streams of the account are downgraded too.
    await updateRecord(
      core.records,
      collection,
      String(auth.record.id),
      { tokenKey: randomTokenKey() },
      systemRequest(core.registry.find('_superusers')!),
    );
    request.log.info(
      { event: 'auth.logout', collection: collection.name, recordId: auth.record.id, ip: request.ip },
      'signed out everywhere',
    );
    return reply.status(204).send();
  });
}
