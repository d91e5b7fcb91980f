/**
 * The auth endpoints as scenario tables named after PocketBase's `apis/record_auth_*_test.go` cases.
 * Cases for features this server does not have (MFA, `onlyVerified`, label-based rate-limit rules,
 * request hooks) are left out; docs/api-compat.md lists those differences.
 */
import type { RecordData } from '../../src/core/records/record';
import type { RecordTokenType } from '../../src/tools/security/tokens';
import { IDS, PASSWORD, describeWithFixture, type Fixture } from '../support/fixture';
import { runScenarios } from '../support/scenarios';
import { formBody } from '../support/form-body';

const url = (collection: string, action: string) => `/api/collections/${collection}/${action}`;

const urlEncoded = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const SAME_COLLECTION = (name: string) =>
  `"message":"The request requires auth record from ${name} collection."`;

async function tokenFor(
  fx: Fixture,
  collection: string,
  id: string,
  type: RecordTokenType,
  extra?: Record<string, string>,
  durationSeconds?: number,
) {
  const c = fx.core.registry.find(collection)!;
  const record: RecordData = await fx.core.db.kysely
    .selectFrom(c.name)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return fx.core.tokens.issue(c, record, type, extra, durationSeconds ? { durationSeconds } : {});
}

const expired = (fx: Fixture, type: RecordTokenType, extra?: Record<string, string>) =>
  tokenFor(fx, 'members', IDS.bob, type, extra, 1).then(async (token) => {
    await new Promise((resolve) => setTimeout(resolve, 2100));
    return token;
  });

describeWithFixture('record_auth_with_password', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'non-auth collection',
      method: 'POST',
      url: url('posts', 'auth-with-password'),
      body: { identity: 'bob', password: PASSWORD },
      status: 404,
    },
    {
      name: 'invalid body format',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      headers: { 'content-type': 'application/json' },
      body: '{"identity',
      status: 400,
    },
    {
      name: 'empty body params',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: {},
      status: 400,
      contains: ['"identity":{"code":"validation_required"', '"password":{"code":"validation_required"'],
    },
    {
      name: 'valid identity field and invalid password',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identity: 'bob@example.com', password: 'not the password' },
      status: 400,
      contains: ['"data":{}', 'Failed to authenticate.'],
    },
    {
      name: 'valid identity field (email) and valid password',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identity: 'bob@example.com', password: PASSWORD },
      status: 200,
      contains: ['"token":"', '"email":"bob@example.com"'],
      notContains: ['"password"', '"tokenKey"'],
    },
    {
      name: 'valid identity field (username) and valid password',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identity: 'bob', password: PASSWORD },
      status: 200,
      contains: ['"username":"bob"'],
    },
    {
      name: 'without explicit identityField and email field (case-insensitive)',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identity: 'BOB@Example.com', password: PASSWORD },
      status: 200,
    },
    {
      name: 'already authenticated record',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      as: 'alice',
      body: { identity: 'bob', password: PASSWORD },
      status: 200,
      contains: ['"username":"bob"'],
    },
    {
      // PocketBase: authWithPasswordForm.validate (apis/record_auth_with_password.go) runs before any
      // lookup: identityField must be one of the collection's identity fields.
      name: 'invalid identityField is refused before the lookup',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identityField: 'note', identity: 'bob', password: PASSWORD },
      status: 400,
      contains: [
        '"message":"An error occurred while validating the submitted data."',
        '"identityField":{"code":"validation_in_invalid","message":"Must be a valid value."}',
      ],
      notContains: ['"token"'],
    },
    {
      // PocketBase: Length(1, 255) on identity and password.
      name: 'identity and password over 255 characters',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identity: 'b'.repeat(256), password: 'p'.repeat(256) },
      status: 400,
      contains: [
        '"identity":{"code":"validation_length_out_of_range","message":"The length must be between 1 and 255."}',
        '"password":{"code":"validation_length_out_of_range"',
      ],
    },
    {
      // PocketBase: "valid identity field and valid password with mismatched explicit identityField".
      name: 'explicit identityField looks up only that field',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identityField: 'email', identity: 'bob', password: PASSWORD },
      status: 400,
      contains: ['"message":"Failed to authenticate."'],
    },
    {
      name: 'explicit identityField username',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identityField: 'username', identity: 'bob', password: PASSWORD },
      status: 200,
      contains: ['"username":"bob"'],
    },
    {
      // The form binds text: a JSON number cannot fill `identity` (BindBody fails, 400 "loading").
      name: 'a non-text identity cannot be read',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      body: { identity: 12345, password: PASSWORD },
      status: 400,
      contains: ['{"data":{},"message":"An error occurred while loading the submitted data.","status":400}'],
    },
    {
      // PocketBase: router.Event.BindBody reads multipart/form-data into the form, so tools that post
      // forms (a superuser signing in from a PocketBase admin tool) sign in.
      name: 'superuser signs in with a multipart/form-data body',
      method: 'POST',
      url: url('_superusers', 'auth-with-password'),
      ...formBody({ identity: 'root@example.com', password: PASSWORD }),
      status: 200,
      contains: ['"token":"', '"email":"root@example.com"'],
    },
    {
      name: 'member signs in with a url-encoded body (digits stay text)',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      ...urlEncoded({ identity: 'bob', password: PASSWORD }),
      status: 200,
      contains: ['"username":"bob"'],
    },
    {
      name: 'multipart validation errors name the fields',
      method: 'POST',
      url: url('members', 'auth-with-password'),
      ...formBody({ identityField: 'nope', identity: 'bob', password: PASSWORD }),
      status: 400,
      contains: ['"identityField":{"code":"validation_in_invalid"'],
    },
  ]);
});

describeWithFixture('record_auth_refresh', (fixture) => {
  runScenarios(fixture, [
    { name: 'unauthorized', method: 'POST', url: url('members', 'auth-refresh'), status: 401 },
    {
      name: 'superuser trying to refresh the auth of another auth collection',
      method: 'POST',
      url: url('members', 'auth-refresh'),
      as: 'superuser',
      status: 403,
    },
    {
      // PocketBase: RequireSameCollectionContextAuth (apis/middlewares.go) runs before the handler
      // looks the collection up, and names the token's collection.
      name: 'auth record + not an auth collection',
      method: 'POST',
      url: url('posts', 'auth-refresh'),
      as: 'bob',
      status: 403,
      contains: [SAME_COLLECTION('members'), '"data":{}'],
    },
    {
      name: 'auth record + missing collection',
      method: 'POST',
      url: url('missing', 'auth-refresh'),
      as: 'bob',
      status: 403,
      contains: [SAME_COLLECTION('members')],
    },
    {
      name: 'superuser token names its own collection',
      method: 'POST',
      url: url('members', 'auth-refresh'),
      as: 'superuser',
      status: 403,
      contains: [SAME_COLLECTION('_superusers')],
    },
    {
      name: 'no token on a missing collection is 401 first',
      method: 'POST',
      url: url('missing', 'auth-refresh'),
      status: 401,
      contains: ['"message":"The request requires valid record authorization token."'],
    },
    {
      name: 'auth record + same auth collection as the token',
      method: 'POST',
      url: url('members', 'auth-refresh'),
      as: 'bob',
      status: 200,
      contains: ['"token":"', '"id":"' + IDS.bob + '"'],
    },
  ]);
});

describeWithFixture('record_auth_verification_request', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'not an auth collection',
      method: 'POST',
      url: url('posts', 'request-verification'),
      body: { email: 'bob@example.com' },
      status: 404,
    },
    {
      name: 'empty data',
      method: 'POST',
      url: url('members', 'request-verification'),
      body: {},
      status: 400,
      contains: ['"email":{"code":"validation_required"'],
    },
    {
      name: 'invalid data',
      method: 'POST',
      url: url('members', 'request-verification'),
      body: { email: 'invalid' },
      status: 400,
      contains: ['"email":{"code":"validation_is_email"'],
    },
    {
      name: 'missing auth record',
      method: 'POST',
      url: url('members', 'request-verification'),
      body: { email: 'missing@example.com' },
      status: 204,
    },
    {
      name: 'existing auth record',
      method: 'POST',
      url: url('members', 'request-verification'),
      body: { email: 'bob@example.com' },
      status: 204,
    },
    {
      name: 'superusers are verified by default',
      method: 'POST',
      url: url('_superusers', 'request-verification'),
      body: { email: 'root@example.com' },
      status: 400,
    },
    {
      name: 'url-encoded body is read (an invalid email is reported)',
      method: 'POST',
      url: url('members', 'request-verification'),
      ...urlEncoded({ email: 'invalid' }),
      status: 400,
      contains: ['"email":{"code":"validation_is_email"'],
    },
  ]);
});

describeWithFixture('record_auth_verification_confirm', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'empty data',
      method: 'POST',
      url: url('members', 'confirm-verification'),
      body: {},
      status: 400,
      contains: ['"token":{"code":"validation_required"'],
    },
    {
      name: 'invalid data format',
      method: 'POST',
      url: url('members', 'confirm-verification'),
      headers: { 'content-type': 'application/json' },
      body: '{"token',
      status: 400,
    },
    {
      name: 'expired token',
      method: 'POST',
      url: url('members', 'confirm-verification'),
      body: async (fx: Fixture) => ({
        token: await expired(fx, 'verification', { email: 'bob@example.com' }),
      }),
      status: 400,
      contains: ['"token":{"code":"validation_invalid_token"'],
    },
    {
      name: 'non-verification token',
      method: 'POST',
      url: url('members', 'confirm-verification'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'passwordReset', { email: 'bob@example.com' }),
      }),
      status: 400,
    },
    {
      name: 'non auth collection',
      method: 'POST',
      url: url('posts', 'confirm-verification'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'verification', { email: 'bob@example.com' }),
      }),
      status: 404,
    },
    {
      name: 'different auth collection',
      method: 'POST',
      url: url('_superusers', 'confirm-verification'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'verification', { email: 'bob@example.com' }),
      }),
      status: 400,
      contains: ['validation_token_collection_mismatch'],
    },
    {
      name: 'valid token',
      method: 'POST',
      url: url('members', 'confirm-verification'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'verification', { email: 'bob@example.com' }),
      }),
      status: 204,
    },
    {
      name: 'valid token (already verified)',
      method: 'POST',
      url: url('members', 'confirm-verification'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'verification', { email: 'bob@example.com' }),
      }),
      status: 204,
    },
  ]);
});

describeWithFixture('record_auth_password_reset_request', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'not an auth collection',
      method: 'POST',
      url: url('posts', 'request-password-reset'),
      body: { email: 'bob@example.com' },
      status: 404,
    },
    {
      name: 'empty data',
      method: 'POST',
      url: url('members', 'request-password-reset'),
      body: {},
      status: 400,
    },
    {
      name: 'invalid data',
      method: 'POST',
      url: url('members', 'request-password-reset'),
      body: { email: 'invalid' },
      status: 400,
    },
    {
      name: 'missing auth record',
      method: 'POST',
      url: url('members', 'request-password-reset'),
      body: { email: 'missing@example.com' },
      status: 204,
    },
    {
      name: 'existing auth record',
      method: 'POST',
      url: url('members', 'request-password-reset'),
      body: { email: 'bob@example.com' },
      status: 204,
    },
    {
      // PocketBase binds JSON, multipart and url-encoded bodies on every auth endpoint (BindBody).
      name: 'multipart body is read (an invalid email is reported)',
      method: 'POST',
      url: url('members', 'request-password-reset'),
      ...formBody({ email: 'invalid' }),
      status: 400,
      contains: ['"email":{"code":"validation_is_email"'],
    },
    {
      name: 'url-encoded body is read',
      method: 'POST',
      url: url('members', 'request-password-reset'),
      ...urlEncoded({ email: 'missing@example.com' }),
      status: 204,
    },
  ]);
});

describeWithFixture('record_auth_password_reset_confirm', (fixture) => {
  const reset = (password: string) => async (fx: Fixture) => ({
    token: await tokenFor(fx, 'members', IDS.alice, 'passwordReset', { email: 'alice@example.com' }),
    password,
    passwordConfirm: password,
  });
  runScenarios(fixture, [
    {
      name: 'empty data',
      method: 'POST',
      url: url('members', 'confirm-password-reset'),
      body: {},
      status: 400,
      contains: ['"token":{"code":"validation_required"'],
    },
    {
      name: 'expired token and invalid password',
      method: 'POST',
      url: url('members', 'confirm-password-reset'),
      body: async (fx: Fixture) => ({
        token: await expired(fx, 'passwordReset', { email: 'bob@example.com' }),
        password: '1',
        passwordConfirm: '1',
      }),
      status: 400,
      contains: ['validation_invalid_token'],
    },
    {
      name: 'non-password reset token',
      method: 'POST',
      url: url('members', 'confirm-password-reset'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'verification', { email: 'bob@example.com' }),
        password: 'new password 12',
        passwordConfirm: 'new password 12',
      }),
      status: 400,
    },
    {
      name: 'valid token and invalid password',
      method: 'POST',
      url: url('members', 'confirm-password-reset'),
      body: reset('short'),
      status: 400,
      contains: ['"password":{"code":"validation_min_text_constraint"'],
    },
    {
      name: 'valid token and data (verified user)',
      method: 'POST',
      url: url('members', 'confirm-password-reset'),
      body: reset('a new long pass 1'),
      status: 204,
    },
  ]);
});

describeWithFixture('record_auth_email_change_request', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'unauthorized',
      method: 'POST',
      url: url('members', 'request-email-change'),
      body: { newEmail: 'new@example.com' },
      status: 401,
    },
    {
      // PocketBase: "not an auth collection" is 401 without a token (RequireSameCollectionContextAuth).
      name: 'not an auth collection without a token',
      method: 'POST',
      url: url('posts', 'request-email-change'),
      body: { newEmail: 'new@example.com' },
      status: 401,
      contains: ['"message":"The request requires valid record authorization token."'],
    },
    {
      name: 'not an auth collection',
      method: 'POST',
      url: url('posts', 'request-email-change'),
      as: 'bob',
      body: { newEmail: 'new@example.com' },
      status: 403,
      contains: [SAME_COLLECTION('members')],
    },
    {
      name: 'record authentication but from different auth collection',
      method: 'POST',
      url: url('_superusers', 'request-email-change'),
      as: 'bob',
      body: { newEmail: 'new@example.com' },
      status: 403,
      contains: [SAME_COLLECTION('members')],
    },
    {
      name: 'superuser token on a member collection',
      method: 'POST',
      url: url('members', 'request-email-change'),
      as: 'superuser',
      body: { newEmail: 'new@example.com' },
      status: 403,
      contains: [SAME_COLLECTION('_superusers')],
    },
    {
      name: 'multipart body is read',
      method: 'POST',
      url: url('members', 'request-email-change'),
      as: 'bob',
      ...formBody({ newEmail: 'invalid' }),
      status: 400,
      contains: ['"newEmail":{"code":"validation_is_email"'],
    },
    {
      name: 'superuser authentication',
      method: 'POST',
      url: url('_superusers', 'request-email-change'),
      as: 'superuser',
      body: { newEmail: 'new@example.com' },
      status: 400,
    },
    {
      name: 'invalid data',
      method: 'POST',
      url: url('members', 'request-email-change'),
      as: 'bob',
      body: { newEmail: 'invalid' },
      status: 400,
      contains: ['"newEmail":{"code":"validation_is_email"'],
    },
    {
      name: 'empty data',
      method: 'POST',
      url: url('members', 'request-email-change'),
      as: 'bob',
      body: {},
      status: 400,
      contains: ['"newEmail":{"code":"validation_required"'],
    },
    {
      name: 'valid data (existing email)',
      method: 'POST',
      url: url('members', 'request-email-change'),
      as: 'bob',
      body: { newEmail: 'alice@example.com' },
      status: 400,
      contains: ['validation_invalid_new_email'],
    },
    {
      name: 'valid data (new email)',
      method: 'POST',
      url: url('members', 'request-email-change'),
      as: 'bob',
      body: { newEmail: 'bob.new@example.com' },
      status: 204,
    },
  ]);
});

describeWithFixture('record_auth_email_change_confirm', (fixture) => {
  const change = async (fx: Fixture) =>
    tokenFor(fx, 'members', IDS.bob, 'emailChange', {
      email: 'bob@example.com',
      newEmail: 'bob.changed@example.com',
    });
  runScenarios(fixture, [
    {
      name: 'not an auth collection',
      method: 'POST',
      url: url('posts', 'confirm-email-change'),
      body: { token: 'x', password: PASSWORD },
      status: 404,
    },
    {
      name: 'empty data',
      method: 'POST',
      url: url('members', 'confirm-email-change'),
      body: {},
      status: 400,
    },
    {
      name: 'expired token and correct password',
      method: 'POST',
      url: url('members', 'confirm-email-change'),
      body: async (fx: Fixture) => ({
        token: await expired(fx, 'emailChange', { email: 'bob@example.com', newEmail: 'x@example.com' }),
        password: PASSWORD,
      }),
      status: 400,
      contains: ['validation_invalid_token'],
    },
    {
      name: 'non-email change token',
      method: 'POST',
      url: url('members', 'confirm-email-change'),
      body: async (fx: Fixture) => ({
        token: await tokenFor(fx, 'members', IDS.bob, 'verification', { email: 'bob@example.com' }),
        password: PASSWORD,
      }),
      status: 400,
    },
    {
      name: 'valid token and incorrect password',
      method: 'POST',
      url: url('members', 'confirm-email-change'),
      body: async (fx: Fixture) => ({ token: await change(fx), password: 'wrong password' }),
      status: 400,
      contains: ['validation_invalid_password'],
    },
    {
      name: 'valid token in different auth collection',
      method: 'POST',
      url: url('_superusers', 'confirm-email-change'),
      body: async (fx: Fixture) => ({ token: await change(fx), password: PASSWORD }),
      status: 400,
      contains: ['validation_token_collection_mismatch'],
    },
    {
      name: 'valid token and correct password',
      method: 'POST',
      url: url('members', 'confirm-email-change'),
      body: async (fx: Fixture) => ({ token: await change(fx), password: PASSWORD }),
      status: 204,
    },
  ]);
});

describeWithFixture('record_auth_otp_request and record_auth_with_otp', (fixture) => {
  runScenarios(fixture, [
    {
      name: 'not an auth collection',
      method: 'POST',
      url: url('posts', 'request-otp'),
      body: { email: 'bob@example.com' },
      status: 404,
    },
    {
      name: 'auth collection with disabled otp',
      method: 'POST',
      url: url('members', 'request-otp'),
      body: { email: 'bob@example.com' },
      status: 403,
    },
    {
      name: 'enable otp',
      method: 'PATCH',
      url: '/api/collections/members',
      as: 'superuser',
      body: { otp: { enabled: true } },
      status: 200,
    },
    { name: 'empty body', method: 'POST', url: url('members', 'request-otp'), body: {}, status: 400 },
    {
      name: 'invalid request data',
      method: 'POST',
      url: url('members', 'request-otp'),
      body: { email: 'invalid' },
      status: 400,
    },
    {
      name: 'missing auth record',
      method: 'POST',
      url: url('members', 'request-otp'),
      body: { email: 'missing@example.com' },
      status: 200,
      contains: ['"otpId":"'],
    },
    {
      name: 'existing auth record',
      method: 'POST',
      url: url('members', 'request-otp'),
      body: { email: 'bob@example.com' },
      status: 200,
      contains: ['"otpId":"'],
    },
    {
      name: 'missing otp',
      method: 'POST',
      url: url('members', 'auth-with-otp'),
      body: { otpId: 'missingotp00000', password: '12345678' },
      status: 400,
      contains: ['Invalid or expired OTP.'],
    },
    { name: 'invalid body', method: 'POST', url: url('members', 'auth-with-otp'), body: {}, status: 400 },
  ]);
});

describeWithFixture('record_auth_impersonate', (fixture) => {
  runScenarios(fixture, [
    { name: 'unauthorized', method: 'POST', url: url('members', `impersonate/${IDS.bob}`), status: 401 },
    {
      name: 'authorized as different user',
      method: 'POST',
      url: url('members', `impersonate/${IDS.bob}`),
      as: 'alice',
      status: 403,
    },
    {
      name: 'authorized as the same user',
      method: 'POST',
      url: url('members', `impersonate/${IDS.bob}`),
      as: 'bob',
      status: 403,
    },
    {
      name: 'authorized as superuser',
      method: 'POST',
      url: url('members', `impersonate/${IDS.bob}`),
      as: 'superuser',
      status: 200,
      contains: ['"token":"', '"email":"bob@example.com"'],
    },
    {
      name: 'authorized as superuser with custom invalid duration',
      method: 'POST',
      url: url('members', `impersonate/${IDS.bob}`),
      as: 'superuser',
      body: { duration: -1 },
      status: 400,
    },
    {
      name: 'authorized as superuser with custom valid duration',
      method: 'POST',
      url: url('members', `impersonate/${IDS.bob}`),
      as: 'superuser',
      body: { duration: 100 },
      status: 200,
    },
  ]);
});

describeWithFixture('record_auth_methods', (fixture) => {
  runScenarios(fixture, [
    { name: 'missing collection', method: 'GET', url: url('missing', 'auth-methods'), status: 404 },
    { name: 'non auth collection', method: 'GET', url: url('posts', 'auth-methods'), status: 404 },
    {
      name: 'auth collection with password auth allowed',
      method: 'GET',
      url: url('members', 'auth-methods'),
      status: 200,
      contains: [
        '"password":{"enabled":true,"identityFields":["email","username"]}',
        '"otp":{"enabled":false,"duration":0}',
        '"mfa":{"enabled":false,"duration":0}',
      ],
    },
  ]);
});
