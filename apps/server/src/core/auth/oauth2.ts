/**
 * Sign-in with the one OpenID Connect provider the environment configures (PRODUCT.md §3), in
 * PocketBase's shape: `auth-methods` hands the client a ready authorization URL with PKCE values, and
 * `auth-with-oauth2` exchanges the code the provider returned. Like PocketBase the server keeps no
 * state between the two; the client brings the code verifier back, and the state is checked by the
 * SDK (the popup flow uses the realtime client id as state).
 *
 * Accounts are linked by (collection, provider, subject) in `_externalAuths`, never by email alone.
 * Record resolution, in order:
 * 1. an existing link for the subject → its record;
 * 2. a record of this collection the request is already signed in as → link it;
 * 3. the provider says the email is verified and a record has that email:
 *    - a verified record is linked;
 *    - an unverified one may have been pre-registered by someone else (GHSA-m93w-4fxv-r35v), so it is
 *      reclaimed for the mailbox owner: its links are removed, its password is replaced by a random one
 *      (which rotates its token key, ending every session), it is marked verified, then linked;
 * 4. otherwise a new record is created through the ordinary create path (createRule applies, as for a
 *    guest, context `oauth2`) from `createData` with the provider's email and a random password; a
 *    `createData.email` other than the provider's email is refused (GHSA-pq7p-mc74-g65w). The record is
 *    verified only when the provider verified that email.
 * `_superusers` never takes part: OAuth2 is off for it, so no identity can become a superuser.
 */
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { AnyKysely } from '../../db/types';
import { ApiError } from '../../tools/api-error';
import { LOWER_ALPHANUMERIC, randomString } from '../../tools/security/random';
import { findField, type Collection, type Field } from '../collections/model';
import type { Core } from '../index';
import { ROW } from '../records/context';
import { findRecord } from '../records/find';
import { decodeRow, type RecordData } from '../records/record';
import { inWriteScope, rowsChanged, type WriteScope } from '../records/scope';
import { createRecord, deleteRecord, updateRecord } from '../records/write';
import { guestRequest, systemRequest, type RequestInfo } from '../rules/request-info';
import { assertMaySignIn } from './sign-in-gate';
import type { AuthMethodsOAuth2, ErrorReporter, OAuth2SignIn, OAuth2User } from './oidc-provider';
import {
  AUTH_FAILED,
  EXTERNAL_AUTHS,
  LOADING_FAILED,
  OAUTH2_DISABLED,
  OAuth2Error,
  OidcProvider,
  SERVER_OWNED,
  VALIDATION_FAILED,
  isLoopback,
  randomPassword,
  sameEmail,
  text,
} from './oidc-provider';

/** OAuth2 for one server: the configured provider (or none) and where to report provider trouble. */
export class OAuth2Service {
  report: ErrorReporter = () => undefined;

  constructor(readonly provider: OidcProvider | null) {}

  /** Every auth collection except `_superusers`, when a provider is configured. */
  enabledFor(collection: Collection): boolean {
    return this.provider !== null && collection.type === 'auth' && collection.name !== '_superusers';
  }
}

const services = new WeakMap<Core, OAuth2Service>();

/**
 * Sets OAuth2 up for a core (once): the provider from the configuration, and the clean-up that removes
 * an auth record's links when the record is deleted.
 */
export function setupOAuth2(core: Core, config: Pick<Config, 'oidc' | 'production'>): OAuth2Service {
  const existing = services.get(core);
  if (existing) return existing;
  const settings = config.oidc;
  const provider = settings
    ? new OidcProvider(settings, !config.production || isLoopback(new URL(settings.issuer).hostname))
    : null;
  const service = new OAuth2Service(provider);
  services.set(core, service);
  core.hooks.on('afterDelete', async (event) => {
    if (event.collection.type !== 'auth') return;
    await event.db
      .deleteFrom(EXTERNAL_AUTHS)
      .where('collectionRef', '=', event.collection.id)
      .where('recordRef', '=', String(event.record.id))
      .execute();
    rowsChanged(event.scope, EXTERNAL_AUTHS);
  });
  return service;
}

/** The `oauth2` part of `GET /api/collections/{c}/auth-methods`. */
export async function authMethodsOAuth2(core: Core, collection: Collection): Promise<AuthMethodsOAuth2> {
  const service = services.get(core);
  if (!service?.provider || !service.enabledFor(collection)) return { enabled: false, providers: [] };
  try {
    return { enabled: true, providers: [await service.provider.authorizationRequest()] };
  } catch (error) {
    service.report(error, 'OpenID Connect provider unavailable');
    return { enabled: true, providers: [] };
  }
}

interface SignInForm {
  provider: string;
  code: string;
  codeVerifier: string;
  redirectURL: string;
  createData: Record<string, unknown>;
}

function readForm(body: Record<string, unknown>, providerName: string): SignInForm {
  const form = {
    provider: text(body.provider),
    code: text(body.code),
    codeVerifier: text(body.codeVerifier),
    redirectURL: text(body.redirectURL) || text(body.redirectUrl),
  };
  const required = { code: 'validation_required', message: 'Cannot be blank.' };
  const errors: Record<string, unknown> = {};
  if (!form.provider) errors.provider = required;
  else if (form.provider !== providerName)
    errors.provider = {
      code: 'validation_invalid_provider',
      message: `Provider with name ${form.provider} is missing or is not enabled.`,
    };
  if (!form.code) errors.code = required;
  if (!form.codeVerifier) errors.codeVerifier = required;
  if (!form.redirectURL) errors.redirectURL = required;
  if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_FAILED, errors);

  // Multipart bodies carry createData as JSON text.
  let createData: unknown = body.createData ?? {};
  if (typeof createData === 'string') {
    try {
      createData = createData.trim() ? JSON.parse(createData) : {};
    } catch {
      throw new ApiError(400, LOADING_FAILED);
    }
  }
  if (createData === null || typeof createData !== 'object' || Array.isArray(createData)) {
    throw new ApiError(400, LOADING_FAILED);
  }
  return { ...form, createData: createData as Record<string, unknown> };
}

interface Link {
  id: string;
  recordRef: string;
  provider: string;
  providerId: string;
}

const LINK_COLUMNS = ['id', 'recordRef', 'provider', 'providerId'] as const;

/**
 * Decides which auth record one OAuth2 sign-in belongs to, inside one transaction: the record already
 * linked to the provider identity, else the signed-in caller's, else the one with the email the provider
 * verified, else a new record; and links the identity to it.
 */
class OAuth2AccountResolver {
  private readonly system: RequestInfo;
  private readonly links: Collection;

  constructor(
    private readonly core: Core,
    private readonly collection: Collection,
    private readonly provider: string,
    private readonly user: OAuth2User,
    private readonly scope: WriteScope,
  ) {
    this.system = { ...systemRequest(core.registry.find('_superusers')!), context: 'oauth2' };
    this.links = core.registry.find(EXTERNAL_AUTHS)!;
  }

  private get db(): AnyKysely {
    return this.scope.db;
  }

  private async linkOfSubject(): Promise<Link | undefined> {
    return findLink(this.db, this.collection, this.provider, this.user.id);
  }

  private async linksOfRecord(recordId: string): Promise<Link[]> {
    return this.db
      .selectFrom(EXTERNAL_AUTHS)
      .select(LINK_COLUMNS)
      .where('collectionRef', '=', this.collection.id)
      .where('recordRef', '=', recordId)
      .execute();
  }

  private async find(id: string): Promise<RecordData | null> {
    return findRecord(this.core.records, this.collection, id, null, this.db);
  }

  private async findByEmail(email: string): Promise<RecordData | null> {
    const { rows } = await sql<Record<string, unknown>>`SELECT ${sql.ref(ROW)}.* FROM ${sql.table(
      this.collection.name,
    )} AS ${sql.id(ROW)} WHERE LOWER(${sql.ref(`${ROW}.email`)}) = ${email.toLowerCase()} LIMIT 1`.execute(
      this.db,
    );
    return rows[0] ? decodeRow(this.collection, rows[0]) : null;
  }

  private async update(record: RecordData, changes: Record<string, unknown>): Promise<RecordData> {
    return updateRecord(
      this.core.records,
      this.collection,
      String(record.id),
      changes,
      this.system,
      this.scope,
    );
  }

  /** Links the subject to the record; a record keeps the identity it already has at this provider. */
  private async link(record: RecordData): Promise<void> {
    const held = (await this.linksOfRecord(String(record.id))).filter(
      (link) => link.provider === this.provider,
    );
    if (held.some((link) => link.providerId !== this.user.id)) {
      throw new OAuth2Error(
        AUTH_FAILED,
        new Error('the account is linked to another identity of this provider'),
      );
    }
    if (held.length) return;
    try {
      await createRecord(
        this.core.records,
        this.links,
        {
          collectionRef: this.collection.id,
          recordRef: String(record.id),
          provider: this.provider,
          providerId: this.user.id,
        },
        this.system,
        this.scope,
      );
    } catch (error) {
      throw new OAuth2Error(AUTH_FAILED, error);
    }
  }

  /** The provider vouches for the mailbox, so an account with that exact email becomes verified. */
  private async verifyIfProven(record: RecordData): Promise<RecordData> {
    if (record.verified === true || !this.user.emailVerified || !sameEmail(record.email, this.user.email)) {
      return record;
    }
    return this.update(record, { verified: true });
  }

  async resolve(
    signedIn: RecordData | null,
    createData: Record<string, unknown>,
    request: RequestInfo,
  ): Promise<{ record: RecordData; isNew: boolean; reclaimed: boolean }> {
    // 1. The identity is already linked.
    const existing = await this.linkOfSubject();
    if (existing) {
      const record = await this.find(existing.recordRef);
      if (record) return { record: await this.verifyIfProven(record), isNew: false, reclaimed: false };
      // A link to a record that no longer exists is dropped; resolution carries on.
      await deleteRecord(this.core.records, this.links, existing.id, this.system, this.scope);
    }

    // 2. The caller is signed in to this collection: link the identity to that account.
    if (signedIn) {
      const record = await this.find(String(signedIn.id));
      if (record) {
        await this.link(record);
        return { record: await this.verifyIfProven(record), isNew: false, reclaimed: false };
      }
    }

    // 3. An account with the email the provider verified.
    if (this.user.email && this.user.emailVerified) {
      const record = await this.findByEmail(this.user.email);
      if (record) {
        if (record.verified === true) {
          await this.link(record);
          return { record, isNew: false, reclaimed: false };
        }
        // Nobody ever proved they own this mailbox; the provider's user just did. Whoever registered
        // the account loses every way in they set up: other links, the password, open sessions.
        for (const link of await this.linksOfRecord(String(record.id))) {
          await deleteRecord(this.core.records, this.links, link.id, this.system, this.scope);
        }
        const password = randomPassword();
        const reclaimed = await this.update(record, { password, passwordConfirm: password, verified: true });
        await this.link(reclaimed);
        return { record: reclaimed, isNew: false, reclaimed: true };
      }
    }

    // 4. A new account.
    const record = await this.create(createData, request);
    await this.link(record);
    return { record, isNew: true, reclaimed: false };
  }

  private async create(createData: Record<string, unknown>, request: RequestInfo): Promise<RecordData> {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(createData)) {
      if (!SERVER_OWNED.has(key)) data[key] = value;
    }
    const offered = text(data.email);
    if (offered && this.user.email && !sameEmail(offered, this.user.email)) {
      throw new ApiError(400, VALIDATION_FAILED, {
        email: {
          code: 'validation_oauth2_email_mismatch',
          message: 'The email must be the one the OAuth2 provider reported.',
        },
      });
    }
    data.email = this.user.email || offered;
    const password = randomPassword();
    data.password = password;
    data.passwordConfirm = password;
    await this.fillProfile(data);
    // The ordinary create path, as the new member themself: the createRule applies, and server-owned
    // or hidden fields cannot be set through createData.
    const asGuest = guestRequest({
      method: 'POST',
      context: 'oauth2',
      query: request.query,
      headers: request.headers,
    });
    const created = await createRecord(this.core.records, this.collection, data, asGuest, this.scope);
    return this.verifyIfProven(created);
  }

  /** Fills `name` and `username` fields the client left empty from the provider's profile. */
  private async fillProfile(data: Record<string, unknown>): Promise<void> {
    const field = (name: string) => {
      const found = findField(this.collection, name);
      return found?.type === 'text' ? found : undefined;
    };
    const nameField = field('name');
    if (nameField && !text(data.name) && this.user.name) {
      data.name = nameField.max > 0 ? this.user.name.slice(0, nameField.max) : this.user.name;
    }
    const usernameField = field('username');
    if (usernameField && !text(data.username)) {
      data.username = await this.freeUsername(usernameField);
    }
  }

  /** A username from the provider's profile that fits the field and is not taken, suffixed if need be. */
  private async freeUsername(field: Extract<Field, { type: 'text' }>): Promise<string> {
    const max = field.max > 0 ? field.max : 100;
    const min = Math.max(field.min, 3);
    const pattern = field.pattern ? new RegExp(field.pattern) : null;
    const base = (this.user.username || this.user.email.split('@')[0] || '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, max);
    const fits = (candidate: string) =>
      candidate.length >= min && candidate.length <= max && (!pattern || pattern.test(candidate));
    for (let attempt = 0; attempt < 5; attempt++) {
      const suffix = attempt === 0 ? '' : `_${randomString(attempt + 3, LOWER_ALPHANUMERIC)}`;
      const candidate = base ? `${base.slice(0, max - suffix.length)}${suffix}` : '';
      if (!fits(candidate)) continue;
      const { rows } = await sql`SELECT 1 FROM ${sql.table(this.collection.name)} WHERE LOWER(${sql.ref(
        'username',
      )}) = ${candidate} LIMIT 1`.execute(this.db);
      if (rows.length === 0) return candidate;
    }
    return `user_${randomString(Math.max(min, 10), LOWER_ALPHANUMERIC)}`.slice(0, max);
  }
}

async function findLink(
  db: AnyKysely,
  collection: Collection,
  provider: string,
  providerId: string,
): Promise<Link | undefined> {
  return db
    .selectFrom(EXTERNAL_AUTHS)
    .select(LINK_COLUMNS)
    .where('collectionRef', '=', collection.id)
    .where('provider', '=', provider)
    .where('providerId', '=', providerId)
    .executeTakeFirst();
}

/**
 * `POST /api/collections/{c}/auth-with-oauth2`: exchanges the code, resolves (or creates) the record
 * and checks that it may sign in. The caller issues the token.
 */
export async function authWithOAuth2(
  core: Core,
  collection: Collection,
  body: Record<string, unknown>,
  request: RequestInfo,
): Promise<OAuth2SignIn> {
  const service = services.get(core);
  const provider = service?.provider;
  if (!service || !provider || !service.enabledFor(collection)) throw new ApiError(403, OAUTH2_DISABLED);
  const form = readForm(body, provider.name);
  const user = await provider.exchange(form.code, form.codeVerifier, form.redirectURL);

  const signedIn = request.auth?.collection.id === collection.id ? request.auth.record : null;
  const run = () =>
    inWriteScope(core.records, undefined, (scope) =>
      new OAuth2AccountResolver(core, collection, provider.name, user, scope).resolve(
        signedIn,
        form.createData,
        request,
      ),
    );
  const asApiError = (error: unknown) =>
    error instanceof ApiError ? error : new OAuth2Error(AUTH_FAILED, error);
  let outcome: Awaited<ReturnType<typeof run>>;
  try {
    outcome = await run();
  } catch (error) {
    // Two first sign-ins of one identity at once: the loser finds the winner's link on a second try.
    if (!(await findLink(core.db.kysely, collection, provider.name, user.id))) throw asApiError(error);
    outcome = await run().catch((again: unknown) => {
      throw asApiError(again);
    });
  }

  const record =
    (await findRecord(core.records, collection, String(outcome.record.id), null)) ?? outcome.record;
  await assertMaySignIn(core.records, collection, record, { ...request, context: 'oauth2' });
  return {
    record,
    reclaimed: outcome.reclaimed,
    meta: {
      id: user.id,
      name: user.name,
      username: user.username,
      email: user.email,
      avatarURL: user.avatarURL,
      avatarUrl: user.avatarURL,
      accessToken: user.accessToken,
      refreshToken: user.refreshToken,
      expiry: user.expiry,
      rawUser: user.rawUser,
      isNew: outcome.isNew,
    },
  };
}
