/** The OpenID Connect provider side of sign-in: discovery (cached), authorization URLs with PKCE, the code exchange and the user's claims. */
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config';
import { ApiError } from '../../tools/api-error';
import { formatDate } from '../../tools/dates';
import { ALPHANUMERIC, randomString } from '../../tools/security/random';
import { type RecordData } from '../records/record';

export const OAUTH2_DISABLED = 'The collection is not configured to allow OAuth2 authentication.';
export const TOKEN_FAILED = 'Failed to fetch OAuth2 token.';
export const USER_FAILED = 'Failed to fetch OAuth2 user.';
export const AUTH_FAILED = 'Failed to authenticate.';
export const VALIDATION_FAILED = 'An error occurred while validating the submitted data.';
export const LOADING_FAILED = 'An error occurred while loading the submitted data.';

export const EXTERNAL_AUTHS = '_externalAuths';
export const SCOPES = 'openid email profile';
/** Discovery documents change rarely; they are fetched again after this long. */
export const DISCOVERY_TTL_MS = 6 * 60 * 60 * 1000;
/** After a failed discovery, callers get the failure (or the stale document) for this long. */
export const DISCOVERY_RETRY_MS = 5000;
export const HTTP_TIMEOUT_SECONDS = 10;
/** Keys of `createData` the server decides itself. */
export const SERVER_OWNED = new Set(['password', 'passwordConfirm', 'oldPassword', 'verified', 'tokenKey']);

/** A 400/403 for the client, with the underlying reason kept for the log (never sent). */
export class OAuth2Error extends ApiError {
  constructor(
    message: string,
    readonly reason: unknown,
    status = 400,
  ) {
    super(status, message);
  }
}

/** The signed-in person as the provider describes them. */
export interface OAuth2User {
  /** The provider's stable subject (`sub`). */
  id: string;
  name: string;
  username: string;
  email: string;
  emailVerified: boolean;
  avatarURL: string;
  rawUser: Record<string, unknown>;
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, in PocketBase's date format ('' when the provider did not say). */
  expiry: string;
}

export interface AuthMethodsProvider {
  name: string;
  displayName: string;
  state: string;
  /** Ends with `&redirect_uri=`, so the client appends its (encoded) redirect URL. */
  authURL: string;
  /** The legacy spelling of `authURL`. */
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

export interface AuthMethodsOAuth2 {
  enabled: boolean;
  providers: AuthMethodsProvider[];
}

export interface OAuth2Meta {
  id: string;
  name: string;
  username: string;
  email: string;
  avatarURL: string;
  avatarUrl: string;
  accessToken: string;
  refreshToken: string;
  expiry: string;
  rawUser: Record<string, unknown>;
  isNew: boolean;
}

export interface OAuth2SignIn {
  record: RecordData;
  meta: OAuth2Meta;
  /** An unverified account with the provider's verified email was taken back from its registrant. */
  reclaimed: boolean;
}

export type ErrorReporter = (error: unknown, message: string) => void;

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const sameEmail = (a: unknown, b: unknown) =>
  text(a) !== '' && text(a).toLowerCase() === text(b).toLowerCase();
export const randomPassword = () => randomString(40, ALPHANUMERIC);

export const isLoopback = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** The provider: discovery (cached), authorization URLs, and the code exchange. */
export class OidcProvider {
  private current: { config: oidc.Configuration; at: number } | null = null;
  private inFlight: Promise<oidc.Configuration> | null = null;
  private failedAt = 0;

  constructor(
    readonly settings: OidcConfig,
    /** Plain-http issuers are allowed only outside production or on this machine. */
    private readonly allowHttp: boolean,
  ) {}

  get name(): string {
    return this.settings.name;
  }

  async configuration(): Promise<oidc.Configuration> {
    const now = Date.now();
    const cached = this.current;
    if (cached && (now - cached.at < DISCOVERY_TTL_MS || now - this.failedAt < DISCOVERY_RETRY_MS)) {
      return cached.config;
    }
    if (!cached && now - this.failedAt < DISCOVERY_RETRY_MS && !this.inFlight) {
      throw new Error('OpenID Connect discovery failed moments ago');
    }
    this.inFlight ??= this.discover()
      .then(
        (config) => {
          this.current = { config, at: Date.now() };
          return config;
        },
        (error: unknown) => {
          this.failedAt = Date.now();
          // A provider that cannot be reached for a refresh keeps working with what it said before.
          if (cached) return cached.config;
          throw error;
        },
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer: issuerText, clientId, clientSecret } = this.settings;
    const issuer = new URL(issuerText);
    const insecure = issuer.protocol === 'http:';
    if (insecure && !this.allowHttp) {
      throw new Error(`a plain-http OpenID issuer is not allowed in production: ${issuer.href}`);
    }
    const execute = insecure ? [oidc.allowInsecureRequests] : [];
    const found = await oidc.discovery(issuer, clientId, undefined, undefined, {
      execute,
      timeout: HTTP_TIMEOUT_SECONDS,
    });
    // The metadata as plain data (the returned object carries helper functions).
    const metadata = JSON.parse(JSON.stringify(found.serverMetadata())) as oidc.ServerMetadata;
    const config = new oidc.Configuration(
      metadata,
      clientId,
      clientSecret ? { client_secret: clientSecret } : undefined,
      clientAuthFor(metadata, clientSecret),
    );
    for (const extension of execute) extension(config);
    // Verify the ID token's signature too, not only its claims.
    oidc.enableNonRepudiationChecks(config);
    config.timeout = HTTP_TIMEOUT_SECONDS;
    return config;
  }

  /** A fresh authorization request: random state and PKCE verifier, S256 challenge. */
  async authorizationRequest(): Promise<AuthMethodsProvider> {
    const config = await this.configuration();
    const state = randomString(30, ALPHANUMERIC);
    const codeVerifier = randomString(43, ALPHANUMERIC);
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const url = oidc.buildAuthorizationUrl(config, {
      response_type: 'code',
      scope: SCOPES,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    const authURL = `${url.href}&redirect_uri=`;
    return {
      name: this.settings.name,
      displayName: this.settings.displayName,
      state,
      authURL,
      authUrl: authURL,
      codeVerifier,
      codeChallenge,
      codeChallengeMethod: 'S256',
    };
  }

  /** Exchanges the code (with the PKCE verifier) and reads who signed in: ID token claims + userinfo. */
  async exchange(code: string, codeVerifier: string, redirectURL: string): Promise<OAuth2User> {
    let config: oidc.Configuration;
    let tokens: Awaited<ReturnType<typeof oidc.genericGrantRequest>>;
    try {
      config = await this.configuration();
      tokens = await oidc.genericGrantRequest(config, 'authorization_code', {
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectURL,
      });
    } catch (error) {
      throw new OAuth2Error(TOKEN_FAILED, error);
    }
    const idClaims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
    let userInfo: Record<string, unknown> = {};
    try {
      if (config.serverMetadata().userinfo_endpoint) {
        const subject = text(idClaims.sub);
        userInfo = {
          ...(await oidc.fetchUserInfo(config, tokens.access_token, subject || oidc.skipSubjectCheck)),
        };
      }
    } catch (error) {
      throw new OAuth2Error(USER_FAILED, error);
    }
    for (const claim of [
      'iss',
      'aud',
      'exp',
      'iat',
      'nbf',
      'nonce',
      'at_hash',
      'c_hash',
      'azp',
      'auth_time',
      'sid',
    ])
      delete idClaims[claim];
    const claims = { ...idClaims, ...userInfo };
    const id = text(claims.sub);
    if (!id) throw new OAuth2Error(USER_FAILED, new Error('the provider named no subject'));
    const expiresIn = tokens.expiresIn();
    return {
      id,
      name:
        text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' '),
      username: text(claims.preferred_username) || text(claims.nickname),
      email: text(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      avatarURL: text(claims.picture),
      rawUser: claims,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? '',
      expiry: expiresIn === undefined ? '' : formatDate(new Date(Date.now() + expiresIn * 1000)),
    };
  }
}

/** client_secret_basic unless the provider only takes the secret in the body; none for public clients. */
export function clientAuthFor(metadata: oidc.ServerMetadata, secret: string): oidc.ClientAuth {
  if (!secret) return oidc.None();
  const supported = metadata.token_endpoint_auth_methods_supported;
  if (supported && !supported.includes('client_secret_basic') && supported.includes('client_secret_post')) {
    return oidc.ClientSecretPost(secret);
  }
  return oidc.ClientSecretBasic(secret);
}
