/**
 * Signing in with a password and refreshing a session, for any auth collection (superusers included).
 * Unknown identities cost a bcrypt check like known ones, so the answer's timing reveals nothing.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../core';
import { findField, type Collection } from '../core/collections/model';
import { ROW } from '../core/records/context';
import { decodeRow, type RecordData } from '../core/records/record';
import { serializeRecord } from '../core/records/serialize';
import { legacyPasswordOf } from '../core/auth/legacy-passwords';
import { assertMaySignIn } from '../core/auth/sign-in-gate';
import { updateRecord } from '../core/records/write';
import { systemRequest, type RequestInfo } from '../core/rules/request-info';
import { randomTokenKey } from '../tools/security/random';
import { decodeUnverified } from '../tools/security/tokens';
import { bearerToken } from './request-info';
import { readFormBody } from './record-body';
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

/**
 * PocketBase's RequireSameCollectionContextAuth (apis/middlewares.go), checked before anything else:
 * no valid token is 401; a token of another collection (or a route naming a base, missing or other
 * auth collection) is 403 naming the token's own collection.
 */
export function requireSameCollectionAuth(core: Core, request: FastifyRequest<{ Params: Params }>) {
  const auth = request.info.auth;
  if (!auth) throw new ApiError(401, 'The request requires valid record authorization token.');
  const collection = core.registry.find(request.params.collection);
  if (!collection || auth.collection.id !== collection.id)
    throw new ApiError(403, `The request requires auth record from ${auth.collection.name} collection.`);
  return { auth, collection };
}

const LOAD_FAILED = 'An error occurred while loading the submitted data.';
const INVALID = 'An error occurred while validating the submitted data.';

/**
 * The sign-in form, validated before any lookup as PocketBase's authWithPasswordForm.validate
 * (apis/record_auth_with_password.go): identity and password required, 1-255 characters;
 * identityField, when given, one of the collection's identity fields. A value that is not text
 * cannot be bound to the form at all (400 "loading").
 */
function readPasswordForm(collection: Collection, body: Record<string, unknown>) {
  const text = (key: string): string => {
    const value = body[key] ?? '';
    if (typeof value !== 'string') throw new ApiError(400, LOAD_FAILED);
    return value;
  };
  const [identity, password, identityField] = [text('identity'), text('password'), text('identityField')];
  const errors: Record<string, unknown> = {};
  const length = (value: string) => [...value].length;
  for (const [key, value] of [
    ['identity', identity],
    ['password', password],
  ] as const) {
    if (value === '') errors[key] = { code: 'validation_required', message: 'Cannot be blank.' };
    else if (length(value) > 255)
      errors[key] = {
        code: 'validation_length_out_of_range',
        message: 'The length must be between 1 and 255.',
      };
  }
  if (identityField !== '') {
    if (length(identityField) > 255)
      errors.identityField = {
        code: 'validation_length_out_of_range',
        message: 'The length must be between 1 and 255.',
      };
    else if (!collection.passwordAuth.identityFields.includes(identityField))
      errors.identityField = { code: 'validation_in_invalid', message: 'Must be a valid value.' };
  }
  if (Object.keys(errors).length) throw new ApiError(400, INVALID, errors);
  return { identity, password, identityField };
}

/** The identity fields to try, email first (PocketBase sorts it first to stay compatible). */
function identityFieldsToTry(collection: Collection, identityField: string): string[] {
  if (identityField) return [identityField];
  const fields = [...collection.passwordAuth.identityFields];
  return fields.sort((a, b) => (a === 'email' ? -1 : b === 'email' ? 1 : 0));
}

async function findByIdentity(
  core: Core,
  collection: Collection,
  identity: string,
  identityField: string,
): Promise<RecordData | null> {
  const fields = identityFieldsToTry(collection, identityField).filter(
    (name) => findField(collection, name) !== undefined,
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
    const { identity, password, identityField } = readPasswordForm(collection, await readFormBody(request));
    const record = await findByIdentity(core, collection, identity, identityField);
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
    // An imported account may still have only its old archive's password (site/imported-accounts.ts).
    const legacy =
      record && !ok ? await legacyPasswordOf(core.legacyPasswords, collection, record, password) : null;
    if (!record || (!ok && !legacy)) {
      if (failuresKey) await attempts.hit(failuresKey, MAX_FAILURES_PER_HOUR, 3600);
      request.log.warn(
        { event: 'auth.failure', collection: collection.name, recordId: record?.id ?? null, ip: request.ip },
        'sign-in failed',
      );
      throw new ApiError(400, 'Failed to authenticate.');
    }
    const info = { ...request.info, context: 'password' as const };
    await assertMaySignIn(core.records, collection, record, info);
    // Used once: the old password becomes the site's own, and the old hash is gone.
    const account = legacy ? await legacy.adopt(collection, record, password) : record;
    request.log.info(
      {
        event: 'auth.success',
        collection: collection.name,
        recordId: record.id,
        ip: request.ip,
        ...(legacy ? { legacyPassword: true } : {}),
      },
      'signed in',
    );
    return pickFields(
      await authResponse(core, collection, account, info),
      queryString(request.query as Query, 'fields'),
    );
  });

  app.post<{ Params: Params }>('/api/collections/:collection/auth-refresh', async (request) => {
    const { auth, collection } = requireSameCollectionAuth(core, request);
    const response = await authResponse(core, collection, auth.record, request.info);
    // A non-refreshable token (impersonation) is echoed back, so its lifetime cannot be extended.
    const current = bearerToken(request.headers.authorization);
    if (decodeUnverified(current)?.refreshable === false) response.token = current;
    return pickFields(response, queryString(request.query as Query, 'fields'));
  });

  // Extension: "sign out everywhere". A new token key ends every session of the account at once
  // (stateless tokens cannot be revoked one by one).
  app.post<{ Params: Params }>('/api/collections/:collection/auth-logout', async (request, reply) => {
    const { auth, collection } = requireSameCollectionAuth(core, request);
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
