/**
 * OpenID Connect sign-in against a real provider (`oidc-provider` on 127.0.0.1), on every dialect. The
 * authorization code flow runs end to end without a browser: the provider's development login and
 * consent pages are submitted over HTTP with a cookie jar until the provider redirects to our
 * redirect URL with `?code=&state=`; the server is then called through the official SDK, with
 * `authWithOAuth2Code` and with the realtime popup flow (`authWithOAuth2` + `urlCallback`).
 *
 * Both PocketBase account-takeover advisories are replayed: an unverified account pre-registered with
 * someone's email is not handed to its registrant (GHSA-m93w-4fxv-r35v), and a `createData.email`
 * other than the provider's is refused (GHSA-pq7p-mc74-g65w).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { systemRequest } from '../../src/core/rules/request-info';
import { describeEachDialect } from '../support/databases';
import { buildFixture, describeWithFixture, IDS, PASSWORD, type Fixture } from '../support/fixture';
import { client, listen, rejection } from '../sdk/sdk-server';
import { sleep } from '../support/wait';

// Node 20 has no EventSource; the SDK's popup flow listens for `@oauth2` over realtime.
globalThis.EventSource = (await import('eventsource')).EventSource as unknown as typeof EventSource;

// oidc-provider ships no type declarations; this is the little of it the tests use.
interface OidcProviderInstance {
  callback(): http.RequestListener;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance;
const oidcProviderModule = 'oidc-provider';
const { default: OidcProvider } = (await import(oidcProviderModule)) as { default: OidcProviderClass };

const CLIENT_ID = 'community-web';
const CLIENT_SECRET = 'a-long-client-secret-for-the-test-provider';
const PROVIDER = 'oidc';

interface AccountClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

interface Member extends RecordModel {
  username: string;
  email: string;
  verified: boolean;
}

/** The provider's users, by subject; tests add theirs before signing in. */
const accounts = new Map<string, AccountClaims>();

/** A test identity provider on a free port; its client is registered once our server's URL is known. */
class TestProvider {
  private handler: http.RequestListener = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  private readonly server = http.createServer((request, response) => this.handler(request, response));
  issuer = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  register(redirectUris: string[]): void {
    const provider = new OidcProvider(this.issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
          scope: 'openid email profile',
        },
      ],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username'],
      },
      cookies: { keys: ['cookie-signing-key-for-tests'] },
      findAccount: (_ctx: unknown, sub: string) => {
        const claims = accounts.get(sub);
        return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
      },
    });
    this.handler = provider.callback();
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Plays the user at the provider: follows redirects, signs in as `subject` on the login page and
 * confirms the consent page, until the provider sends the browser away from itself. Returns that URL.
 */
async function completeAtProvider(authorizationUrl: string, issuer: string, subject: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let init: { method: string; body?: URLSearchParams } = { method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== new URL(issuer).origin) return url;
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.arrayBuffer();
      url = new URL(location, url);
      init = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !prompt || !action) {
      throw new Error(`unexpected provider answer ${response.status}: ${html.slice(0, 400)}`);
    }
    url = new URL(decodeEntities(action), url);
    const fields: Record<string, string> =
      prompt === 'login' ? { prompt, login: subject, password: 'anything' } : { prompt };
    init = { method: 'POST', body: new URLSearchParams(fields) };
  }
  throw new Error('the provider redirected too often');
}

describeEachDialect('OpenID Connect sign-in', (getDb) => {
  const idp = new TestProvider();
  let fx: Fixture;
  let url = '';
  let redirectURL = '';

  beforeAll(async () => {
    await idp.start();
    fx = await buildFixture(getDb(), {
      config: {
        oidc: {
          issuer: idp.issuer,
          clientId: CLIENT_ID,
          clientSecret: CLIENT_SECRET,
          name: PROVIDER,
          displayName: 'Test Identity',
        },
      },
    });
    url = await listen(fx);
    redirectURL = `${url}/api/oauth2-redirect`;
    idp.register([redirectURL]);
  });

  afterAll(async () => {
    if (fx) {
      // Aborted streaming responses leave undici sockets that never send a request; cut them.
      const closing = fx.server.close();
      fx.server.server.closeAllConnections();
      await closing;
    }
    await idp.stop();
  });

  /** A code for `subject`, obtained the way a browser would, with the PKCE verifier that goes with it. */
  async function codeFor(subject: string, pb: PocketBase = client(url)) {
    const methods = await pb.collection('members').listAuthMethods();
    const provider = methods.oauth2.providers[0]!;
    const back = await completeAtProvider(
      provider.authURL + encodeURIComponent(redirectURL),
      idp.issuer,
      subject,
    );
    expect(`${back.origin}${back.pathname}`).toBe(redirectURL);
    expect(back.searchParams.get('state')).toBe(provider.state);
    return { code: back.searchParams.get('code') ?? '', codeVerifier: provider.codeVerifier };
  }

  async function signIn(subject: string, createData?: Record<string, unknown>, pb: PocketBase = client(url)) {
    const { code, codeVerifier } = await codeFor(subject, pb);
    return pb
      .collection('members')
      .authWithOAuth2Code<Member>(PROVIDER, code, codeVerifier, redirectURL, createData);
  }

  interface LinkRow {
    collectionRef: string;
    recordRef: string;
    provider: string;
    providerId: string;
  }
  const linksOf = (recordId: string): Promise<LinkRow[]> =>
    fx.core.db.kysely
      .selectFrom('_externalAuths')
      .select(['collectionRef', 'recordRef', 'provider', 'providerId'])
      .where('recordRef', '=', recordId)
      .execute();

  async function memberWithPassword(fields: { username: string; email: string; verified: boolean }) {
    const su = fx.core.registry.find('_superusers')!;
    return createRecord(
      fx.core.records,
      fx.core.registry.find('members')!,
      { ...fields, password: PASSWORD, passwordConfirm: PASSWORD },
      systemRequest(su),
    );
  }

  it('lists the provider in auth-methods with PKCE values and an authURL ending in &redirect_uri=', async () => {
    const methods = await client(url).collection('members').listAuthMethods();
    expect(methods.oauth2.enabled).toBe(true);
    expect(methods.oauth2.providers).toHaveLength(1);
    const provider = methods.oauth2.providers[0]!;
    expect(provider).toMatchObject({
      name: PROVIDER,
      displayName: 'Test Identity',
      codeChallengeMethod: 'S256',
    });
    expect(provider.state).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(provider.codeVerifier).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(provider.codeChallenge).toBe(
      createHash('sha256').update(provider.codeVerifier).digest('base64url'),
    );
    expect(provider.authURL.endsWith('&redirect_uri=')).toBe(true);
    const auth = new URL(provider.authURL);
    expect(`${auth.origin}${auth.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(auth.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      state: provider.state,
      code_challenge: provider.codeChallenge,
      code_challenge_method: 'S256',
      redirect_uri: '',
    });
    // Each call is a fresh request: nothing is kept on the server.
    const again = await client(url).collection('members').listAuthMethods();
    expect(again.oauth2.providers[0]!.codeVerifier).not.toBe(provider.codeVerifier);
  });

  it('shows OAuth2 as disabled for _superusers, and refuses it there', async () => {
    const methods = await client(url).collection('_superusers').listAuthMethods();
    expect(methods.oauth2).toEqual({ enabled: false, providers: [] });
    accounts.set('root-sub', { email: 'root@example.com', email_verified: true });
    const { code, codeVerifier } = await codeFor('root-sub');
    const error = await rejection(
      client(url).collection('_superusers').authWithOAuth2Code(PROVIDER, code, codeVerifier, redirectURL),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe('The collection is not configured to allow OAuth2 authentication.');
    expect(await fx.core.db.kysely.selectFrom('_externalAuths').selectAll().execute()).toHaveLength(0);
  });

  it('creates a new account on the first sign-in, verified when the provider verified the email', async () => {
    accounts.set('newcomer-sub', {
      email: 'Newcomer@Example.com',
      email_verified: true,
      name: 'New Comer',
      preferred_username: 'newcomer',
    });
    const pb = client(url);
    const auth = await signIn('newcomer-sub', { emailVisibility: true }, pb);
    expect(auth.meta?.isNew).toBe(true);
    expect(auth.record).toMatchObject({
      collectionName: 'members',
      email: 'Newcomer@Example.com',
      emailVisibility: true,
      verified: true,
      username: 'newcomer',
    });
    expect(auth.meta).toMatchObject({
      id: 'newcomer-sub',
      name: 'New Comer',
      username: 'newcomer',
      email: 'Newcomer@Example.com',
      avatarURL: '',
      avatarUrl: '',
      rawUser: { sub: 'newcomer-sub', email: 'Newcomer@Example.com', email_verified: true },
    });
    expect(typeof auth.meta?.accessToken).toBe('string');
    expect(String(auth.meta?.accessToken).length).toBeGreaterThan(10);
    expect(auth.meta?.expiry).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(pb.authStore.isValid).toBe(true);
    expect(await linksOf(auth.record.id)).toEqual([
      {
        collectionRef: fx.core.registry.find('members')!.id,
        recordRef: auth.record.id,
        provider: PROVIDER,
        providerId: 'newcomer-sub',
      },
    ]);
    // The session works, and the member sees their own link (and only theirs) through the API.
    await pb.collection('members').authRefresh();
    const own = await pb.collection('_externalAuths').getFullList<RecordModel & { providerId: string }>();
    expect(own.map((link) => link.providerId)).toEqual(['newcomer-sub']);
    const alice = client(url);
    alice.authStore.save(fx.tokens.alice);
    expect(await alice.collection('_externalAuths').getFullList()).toEqual([]);
  });

  it('signs the same identity in to the same account the second time', async () => {
    accounts.set('returning-sub', { email: 'returning@example.com', email_verified: true });
    const first = await signIn('returning-sub');
    const second = await signIn('returning-sub');
    expect(first.meta?.isNew).toBe(true);
    expect(second.meta?.isNew).toBe(false);
    expect(second.record.id).toBe(first.record.id);
    expect(await linksOf(first.record.id)).toHaveLength(1);
  });

  it('marks an account verified only when the provider verified the email', async () => {
    accounts.set('unsure-sub', { email: 'unsure@example.com', email_verified: false });
    const auth = await signIn('unsure-sub', { verified: true, username: 'unsure' });
    expect(auth.meta?.isNew).toBe(true);
    expect(auth.record).toMatchObject({ email: 'unsure@example.com', verified: false, username: 'unsure' });
  });

  it('links an existing verified account with the same email', async () => {
    const carol = await memberWithPassword({ username: 'carol', email: 'carol@example.com', verified: true });
    accounts.set('carol-sub', { email: 'carol@example.com', email_verified: true });
    const auth = await signIn('carol-sub');
    expect(auth.meta?.isNew).toBe(false);
    expect(auth.record.id).toBe(carol.id);
    expect(await linksOf(String(carol.id))).toHaveLength(1);
    // Nothing else changed: the password still works.
    const password = await client(url).collection('members').authWithPassword('carol@example.com', PASSWORD);
    expect(password.record.id).toBe(carol.id);
  });

  it('links the identity to the account the request is signed in as', async () => {
    const pb = client(url);
    await pb.collection('members').authWithPassword('alice', PASSWORD);
    accounts.set('alice-work-sub', { email: 'alice.work@example.com', email_verified: true });
    const auth = await signIn('alice-work-sub', undefined, pb);
    expect(auth.record.id).toBe(IDS.alice);
    expect(auth.meta?.isNew).toBe(false);
    const again = await signIn('alice-work-sub');
    expect(again.record.id).toBe(IDS.alice);
  });

  it('ASVS #8: does not hand a pre-registered unverified account to its registrant (GHSA-m93w-4fxv-r35v)', async () => {
    // The attacker registers the victim's email with a password of their own, and links their own
    // identity at the provider while signed in to that account.
    const attacker = client(url);
    const squatted = await attacker.collection('members').create<Member>({
      username: 'squatter',
      email: 'victim@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(squatted.verified).toBe(false);
    await attacker.collection('members').authWithPassword('victim@example.com', PASSWORD);
    const attackerToken = attacker.authStore.token;
    accounts.set('attacker-sub', { email: 'attacker@evil.example', email_verified: true });
    await signIn('attacker-sub', undefined, attacker);
    expect((await linksOf(squatted.id)).map((l) => l.providerId)).toEqual(['attacker-sub']);

    // The victim signs in with the provider, which verified their email.
    accounts.set('victim-sub', { email: 'victim@example.com', email_verified: true });
    const victim = await signIn('victim-sub');
    expect(victim.record.id).toBe(squatted.id);
    expect(victim.record.verified).toBe(true);
    expect((await linksOf(squatted.id)).map((l) => l.providerId)).toEqual(['victim-sub']);

    // Every way in the attacker set up is gone: the password, the session, the linked identity.
    const byPassword = await rejection(
      client(url).collection('members').authWithPassword('victim@example.com', PASSWORD),
    );
    expect(byPassword.status).toBe(400);
    const stale = client(url);
    stale.authStore.save(attackerToken);
    expect((await rejection(stale.collection('members').authRefresh())).status).toBe(401);
    const viaOwnIdentity = await signIn('attacker-sub');
    expect(viaOwnIdentity.record.id).not.toBe(squatted.id);
    expect(viaOwnIdentity.meta?.isNew).toBe(true);
  });

  it('never links by an email the provider did not verify', async () => {
    accounts.set('claims-bob-sub', { email: 'bob@example.com', email_verified: false });
    const error = await rejection(signIn('claims-bob-sub'));
    expect(error.status).toBe(400);
    expect(error.response.data).toMatchObject({ email: { code: 'validation_not_unique' } });
    const bob = await fx.core.db.kysely
      .selectFrom('members')
      .select(['email', 'verified'])
      .where('id', '=', IDS.bob)
      .executeTakeFirstOrThrow();
    expect(bob.email).toBe('bob@example.com');
    expect(Boolean(bob.verified)).toBe(false);
    expect(await linksOf(IDS.bob)).toHaveLength(0);
  });

  it('ASVS #8: refuses a createData.email other than the provider’s (GHSA-pq7p-mc74-g65w)', async () => {
    accounts.set('mallory-sub', { email: 'mallory@example.com', email_verified: true });
    const error = await rejection(
      signIn('mallory-sub', { email: 'someone.else@example.com', username: 'mallory' }),
    );
    expect(error.status).toBe(400);
    expect(error.response.data).toMatchObject({ email: { code: 'validation_oauth2_email_mismatch' } });
    expect(
      await fx.core.db.kysely
        .selectFrom('_externalAuths')
        .selectAll()
        .where('providerId', '=', 'mallory-sub')
        .execute(),
    ).toHaveLength(0);
    expect(
      await fx.core.db.kysely
        .selectFrom('members')
        .selectAll()
        .where('email', '=', 'someone.else@example.com')
        .execute(),
    ).toHaveLength(0);
    // The same email in another letter case is the provider's email, and is fine.
    const auth = await signIn('mallory-sub', { email: 'MALLORY@example.com', username: 'mallory' });
    expect(auth.record).toMatchObject({ email: 'mallory@example.com', verified: true, username: 'mallory' });
  });

  it('answers a wrong or reused code with "Failed to fetch OAuth2 token."', async () => {
    accounts.set('codes-sub', { email: 'codes@example.com', email_verified: true });
    const { code, codeVerifier } = await codeFor('codes-sub');
    const members = client(url).collection('members');
    const wrong = await rejection(
      members.authWithOAuth2Code(PROVIDER, 'not-a-code', codeVerifier, redirectURL),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.message).toBe('Failed to fetch OAuth2 token.');
    const otherVerifier = await rejection(
      members.authWithOAuth2Code(PROVIDER, code, 'x'.repeat(43), redirectURL),
    );
    expect(otherVerifier.message).toBe('Failed to fetch OAuth2 token.');
    const fresh = await codeFor('codes-sub');
    await members.authWithOAuth2Code(PROVIDER, fresh.code, fresh.codeVerifier, redirectURL);
    const reused = await rejection(
      members.authWithOAuth2Code(PROVIDER, fresh.code, fresh.codeVerifier, redirectURL),
    );
    expect(reused.message).toBe('Failed to fetch OAuth2 token.');
  });

  it('validates provider and code', async () => {
    const members = client(url).collection('members');
    const unknown = await rejection(members.authWithOAuth2Code('github', 'code', 'verifier', redirectURL));
    expect(unknown.status).toBe(400);
    expect(unknown.response.data).toMatchObject({ provider: { code: 'validation_invalid_provider' } });
    const blank = await rejection(members.authWithOAuth2Code(PROVIDER, '', 'verifier', redirectURL));
    expect(blank.response.data).toMatchObject({ code: { code: 'validation_required' } });
  });

  it('forgets the links of a deleted account', async () => {
    accounts.set('leaver-sub', { email: 'leaver@example.com', email_verified: true });
    const pb = client(url);
    const first = await signIn('leaver-sub', undefined, pb);
    await pb.collection('members').delete(first.record.id);
    expect(await linksOf(first.record.id)).toHaveLength(0);
    const again = await signIn('leaver-sub');
    expect(again.meta?.isNew).toBe(true);
    expect(again.record.id).not.toBe(first.record.id);
  });

  it('completes the SDK popup flow through /api/oauth2-redirect and realtime', async () => {
    accounts.set('popup-sub', {
      email: 'popup@example.com',
      email_verified: true,
      preferred_username: 'popup',
    });
    const pb = client(url);
    let redirectPage = '';
    const auth = await pb.collection('members').authWithOAuth2<Member>({
      provider: PROVIDER,
      urlCallback: async (authorizationUrl) => {
        const back = await completeAtProvider(authorizationUrl, idp.issuer, 'popup-sub');
        const page = await fetch(back);
        expect(page.headers.get('content-type')).toContain('text/html');
        redirectPage = await page.text();
      },
    });
    expect(redirectPage).toContain('Auth completed.');
    expect(auth.meta?.isNew).toBe(true);
    expect(auth.record).toMatchObject({ email: 'popup@example.com', verified: true, username: 'popup' });
    expect(pb.authStore.record?.id).toBe(auth.record.id);
    // The SDK hangs up its realtime stream once done.
    for (let i = 0; i < 100 && fx.core.realtime.broker.size > 0; i++) await sleep(20);
    expect(fx.core.realtime.broker.size).toBe(0);
  });

  it('answers a redirect nobody waits for with the plain-text failure page', async () => {
    const response = await fetch(`${url}/api/oauth2-redirect?state=${'a'.repeat(40)}&code=whatever`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe(
      'Failed to authenticate. You can close this window and go back to the app to try again.',
    );
  });
});

describeWithFixture('OpenID Connect not configured', (get) => {
  it('shows OAuth2 disabled and refuses the code exchange', async () => {
    const url = await listen(get());
    const members = client(url).collection('members');
    const methods = await members.listAuthMethods();
    expect(methods.oauth2).toEqual({ enabled: false, providers: [] });
    const error = await rejection(members.authWithOAuth2Code(PROVIDER, 'code', 'verifier', `${url}/cb`));
    expect(error.status).toBe(403);
    expect(error.message).toBe('The collection is not configured to allow OAuth2 authentication.');
  });
});
