/**
 * The account-security checklist of perf-security.md §5 (items 1-15 and 32-34), one named test each,
 * against a real server on each dialect with a real SMTP receiver and captured logs.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMailer } from '../../src/core/mail/mailer';
import { signRecordToken } from '../../src/tools/security/tokens';
import { describeEachDialect } from '../support/databases';
import { IDS, PASSWORD, buildFixture, type Fixture } from '../support/fixture';
import { captureLogs } from '../support/log-capture';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp';
import { sleep } from '../support/wait';

describeEachDialect('account security checklist (ASVS)', (getDb) => {
  let fx: Fixture;
  let smtp: SmtpReceiver;
  const logs = captureLogs();
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, authorization?: string) =>
    fx.server.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: authorization ? { authorization } : {},
    });
  const signIn = (identity: string, password: string) =>
    call('POST', '/api/collections/members/auth-with-password', { identity, password });
  const refresh = (token: string) => call('POST', '/api/collections/members/auth-refresh', undefined, token);
  const register = (username: string, password: string) =>
    call('POST', '/api/collections/members/records', {
      username,
      email: `${username}@example.com`,
      password,
      passwordConfirm: password,
    });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    fx = await buildFixture(getDb(), {
      logger: logs.logger,
      mailer: createMailer({
        smtpUrl: smtp.url,
        outboxDir: '/nonexistent',
        from: 'noreply@example.com',
        log: () => undefined,
      }),
    });
    await call(
      'PATCH',
      '/api/collections/members',
      { otp: { enabled: true, duration: 180, length: 8 } },
      fx.tokens.superuser,
    );
  });
  afterAll(async () => {
    await fx.server.close();
    await smtp.close();
  });

  it('#1 passwords: 64 characters work, over 71 bytes are refused, a truncated password does not sign in', async () => {
    const long = 'giants-and-tinies-'.repeat(4).slice(0, 64);
    expect((await register('longpass', long)).statusCode).toBe(200);
    expect((await signIn('longpass', long)).statusCode).toBe(200);
    expect((await signIn('longpass', long.slice(0, 63))).statusCode).toBe(400);
    const tooLong = await register('toolong', 'x'.repeat(72));
    expect(tooLong.json()).toMatchObject({ data: { password: { code: 'validation_max_text_constraint' } } });
  });

  it('#2 common passwords are refused', async () => {
    const res = await register('commonpw', 'password123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { password: { code: 'validation_password_too_common' } } });
  });

  it('#3 a password change needs the current password', async () => {
    // Bob is no moderator, so the manage rule does not exempt him.
    const res = await call(
      'PATCH',
      `/api/collections/members/records/${IDS.bob}`,
      { password: 'bob new pass 8', passwordConfirm: 'bob new pass 8' },
      fx.tokens.bob,
    );
    // PocketBase's RecordUpsert: a missing oldPassword is required, a wrong one invalid.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { oldPassword: { code: 'validation_required' } } });
    const wrong = await call(
      'PATCH',
      `/api/collections/members/records/${IDS.bob}`,
      { password: 'bob new pass 8', passwordConfirm: 'bob new pass 8', oldPassword: 'not it at all' },
      fx.tokens.bob,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      data: { oldPassword: { code: 'validation_invalid_old_password' } },
    });
  });

  it('#4 more than 100 failed sign-ins per hour on one account are refused with 429, from any address', async () => {
    for (let i = 0; i < 100; i++)
      await fx.core.accountMail.attempts.hit(
        `sign-in-failures:${fx.core.registry.find('members')!.id}:${IDS.mod}`,
        100,
        3600,
      );
    const res = await signIn('mod', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect((await signIn('alice', PASSWORD)).statusCode).toBe(200);
  });

  it('#5 no account enumeration: the same answer for known and unknown emails, with a dummy hash for unknown ones', async () => {
    const known = await signIn('alice@example.com', 'wrong password 1');
    const unknown = await signIn('nobody@example.com', 'wrong password 1');
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    const resetKnown = await call('POST', '/api/collections/members/request-password-reset', {
      email: 'alice@example.com',
    });
    const resetUnknown = await call('POST', '/api/collections/members/request-password-reset', {
      email: 'nobody@example.com',
    });
    expect([resetKnown.statusCode, resetKnown.body]).toEqual([resetUnknown.statusCode, resetUnknown.body]);
    await smtp.next('alice@example.com');
    // An unknown identity still costs one bcrypt comparison, so timing does not tell the two apart.
    const dummy = vi.spyOn(fx.core.passwords, 'verifyDummy');
    await signIn('nobody@example.com', 'wrong password 1');
    expect(dummy).toHaveBeenCalledTimes(1);
    dummy.mockRestore();
  });

  it('#6 reset tokens are single-use and expire', async () => {
    const members = fx.core.registry.find('members')!;
    const bob = (await fx.core.db.kysely
      .selectFrom('members')
      .selectAll()
      .where('id', '=', IDS.bob)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const shortLived = await fx.core.tokens.issue(
      members,
      bob,
      'passwordReset',
      { email: 'bob@example.com' },
      { durationSeconds: 1 },
    );
    await sleep(2100);
    const expired = await call('POST', '/api/collections/members/confirm-password-reset', {
      token: shortLived,
      password: 'bob new pass 7',
      passwordConfirm: 'bob new pass 7',
    });
    expect(expired.json()).toMatchObject({ data: { token: { code: 'validation_invalid_token' } } });
    await call('POST', '/api/collections/members/request-password-reset', { email: 'bob@example.com' });
    const token = /resetToken=([A-Za-z0-9._%-]+)/.exec((await smtp.next('bob@example.com')).text)![1]!;
    const body = {
      token: decodeURIComponent(token),
      password: 'bob new pass 7',
      passwordConfirm: 'bob new pass 7',
    };
    expect((await call('POST', '/api/collections/members/confirm-password-reset', body)).statusCode).toBe(
      204,
    );
    expect((await call('POST', '/api/collections/members/confirm-password-reset', body)).statusCode).toBe(
      400,
    );
  });

  it('#7 one-time passwords: single use, and the 6th wrong try within 180 s is 429', async () => {
    const { otpId } = (
      await call('POST', '/api/collections/members/request-otp', { email: 'alice@example.com' })
    ).json<{ otpId: string }>();
    const code = /code is (\d{8})/.exec((await smtp.next('alice@example.com')).text)![1]!;
    const ok = await call('POST', '/api/collections/members/auth-with-otp', { otpId, password: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ record: { id: IDS.alice, verified: true } });
    expect(
      (await call('POST', '/api/collections/members/auth-with-otp', { otpId, password: code })).statusCode,
    ).toBe(400);

    const unknown = await call('POST', '/api/collections/members/request-otp', {
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toHaveProperty('otpId');

    const second = (
      await call('POST', '/api/collections/members/request-otp', { email: 'mod@example.com' })
    ).json<{ otpId: string }>();
    await smtp.next('mod@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call('POST', '/api/collections/members/auth-with-otp', {
            otpId: second.otpId,
            password: '00000000',
          })
        ).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('#12 every sign-in method refuses a banned account and applies the authRule: one-time passwords too', async () => {
    const otpSignIn = async (username: string) => {
      const { otpId } = (
        await call('POST', '/api/collections/members/request-otp', { email: `${username}@example.com` })
      ).json<{ otpId: string }>();
      const code = /code is (\d{8})/.exec((await smtp.next(`${username}@example.com`)).text)![1]!;
      return call('POST', '/api/collections/members/auth-with-otp', { otpId, password: code });
    };
    const banned = (await register('otpbanned', 'tiny shrinking ray')).json<{ id: string }>().id;
    await call(
      'PATCH',
      `/api/collections/members/records/${banned}`,
      { is_banned: true },
      fx.tokens.superuser,
    );
    const refused = await otpSignIn('otpbanned');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'This account has been banned.' });
    expect(refused.body).not.toContain('"token"');

    expect((await register('otpruled', 'tiny shrinking ray')).statusCode).toBe(200);
    await call(
      'PATCH',
      '/api/collections/members',
      { authRule: "username != 'otpruled'" },
      fx.tokens.superuser,
    );
    try {
      const ruled = await otpSignIn('otpruled');
      expect(ruled.statusCode).toBe(403);
      expect(ruled.body).not.toContain('"token"');
    } finally {
      await call('PATCH', '/api/collections/members', { authRule: '' }, fx.tokens.superuser);
    }
    expect((await otpSignIn('otpruled')).statusCode).toBe(200);
  });

  it('#9 only bcrypt hashes of cost 10 or more are stored', async () => {
    const rows = (await fx.core.db.kysely.selectFrom('members').select('password').execute()) as Array<{
      password: string;
    }>;
    for (const { password } of rows) expect(password).toMatch(/^\$2[aby]\$(1\d|[2-3]\d)\$/);
  });

  it('#10 a new token on every sign-in; signing out everywhere makes older tokens unusable', async () => {
    const first = (await signIn('alice', PASSWORD)).json<{ token: string }>().token;
    await sleep(1100); // tokens carry their expiry in seconds; a second later the next one differs
    const second = (await signIn('alice', PASSWORD)).json<{ token: string }>().token;
    expect(second).not.toBe(first);
    expect((await call('POST', '/api/collections/members/auth-logout', undefined, second)).statusCode).toBe(
      204,
    );
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await signIn('alice', PASSWORD)).statusCode).toBe(200);
  });

  it('#11 a password or email change ends every older session', async () => {
    const token = fx.tokens.mod;
    expect((await refresh(token)).statusCode).toBe(200);
    await call(
      'PATCH',
      `/api/collections/members/records/${IDS.mod}`,
      { password: 'mod new pass 9', passwordConfirm: 'mod new pass 9' },
      fx.tokens.superuser,
    );
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('#12 a banned account loses its sessions at once', async () => {
    const res = await signIn('alice', PASSWORD);
    const token = res.json<{ token: string }>().token;
    await call(
      'PATCH',
      `/api/collections/members/records/${IDS.alice}`,
      { is_banned: true },
      fx.tokens.superuser,
    );
    expect((await refresh(token)).statusCode).toBe(401);
    await call(
      'PATCH',
      `/api/collections/members/records/${IDS.alice}`,
      { is_banned: false },
      fx.tokens.superuser,
    );
  });

  it('#13 expired tokens fail; impersonation tokens cannot be refreshed into longer ones', async () => {
    const members = fx.core.registry.find('members')!;
    const alice = (await fx.core.db.kysely
      .selectFrom('members')
      .selectAll()
      .where('id', '=', IDS.alice)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const shortLived = await fx.core.tokens.issue(members, alice, 'auth', undefined, { durationSeconds: 1 });
    await sleep(2100);
    expect((await refresh(shortLived)).statusCode).toBe(401);
    const impersonated = await call(
      'POST',
      `/api/collections/members/impersonate/${IDS.alice}`,
      { duration: 60 },
      fx.tokens.superuser,
    );
    expect(impersonated.statusCode).toBe(200);
    const token = impersonated.json<{ token: string }>().token;
    const refreshed = await refresh(token);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<{ token: string }>().token).toBe(token);
    // Bob's password was reset above (#6), so he signs in again; a member may not impersonate.
    const bob = (await signIn('bob', 'bob new pass 7')).json<{ token: string }>().token;
    expect(
      (await call('POST', `/api/collections/members/impersonate/${IDS.alice}`, {}, bob)).statusCode,
    ).toBe(403);
  });

  it('#14 changing the email needs the account password', async () => {
    const alice = (await signIn('alice', PASSWORD)).json<{ token: string }>().token;
    await call(
      'POST',
      '/api/collections/members/request-email-change',
      { newEmail: 'alice.moved@example.com' },
      alice,
    );
    const token = /emailChangeToken=([A-Za-z0-9._%-]+)/.exec(
      (await smtp.next('alice.moved@example.com')).text,
    )![1]!;
    const res = await call('POST', '/api/collections/members/confirm-email-change', {
      token: decodeURIComponent(token),
    });
    expect(res.json()).toMatchObject({ data: { password: { code: 'validation_invalid_password' } } });
  });

  it('#15 tokens: alg none, other token types and forged signatures never authenticate', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const members = fx.core.registry.find('members')!;
    const payload = Buffer.from(
      JSON.stringify({
        id: IDS.bob,
        type: 'auth',
        collectionId: members.id,
        refreshable: true,
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString('base64url');
    expect((await refresh(`${header}.${payload}.`)).statusCode).toBe(401);
    const bob = (await fx.core.db.kysely
      .selectFrom('members')
      .selectAll()
      .where('id', '=', IDS.bob)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    for (const type of ['verification', 'passwordReset', 'file'] as const) {
      const token = await fx.core.tokens.issue(
        members,
        bob,
        type,
        type === 'file' ? undefined : { email: 'bob@example.com' },
      );
      expect((await refresh(token)).statusCode).toBe(401);
    }
    const forged = await signRecordToken(
      { recordId: IDS.bob, collectionId: members.id, type: 'auth' },
      'x'.repeat(64),
      600,
    );
    expect((await refresh(forged)).statusCode).toBe(401);
  });

  it('#33 sign-in successes and failures and refused requests are logged with time, user, address and request id', () => {
    const lines = logs.lines();
    const success = lines.find((l) => l.event === 'auth.success');
    const failure = lines.find((l) => l.event === 'auth.failure');
    const refused = lines.find((l) => l.event === 'authz.failure');
    for (const line of [success, failure, refused]) {
      expect(line).toBeDefined();
      expect(line).toHaveProperty('time');
      expect(line).toHaveProperty('reqId');
      expect(line).toHaveProperty('ip');
    }
    expect(success).toHaveProperty('recordId');
  });

  it('#34 no passwords or tokens in the logs, and a failure leaks no stack trace', () => {
    const text = logs.text();
    for (const secret of [PASSWORD, 'bob new pass 7', 'mod new pass 9', fx.tokens.alice, fx.tokens.superuser])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/\$2[aby]\$/);
  });
});
