/**
 * The mailed-link flows end to end against a real SMTP receiver: request, read the mail, follow its
 * token, confirm, and check that tokens that should stop working do.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailer } from '../../src/core/mail/mailer';
import { describeEachDialect } from '../support/databases';
import { IDS, PASSWORD, buildFixture, type Fixture } from '../support/fixture';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp';

const linkToken = (text: string, param: string) => {
  const match = new RegExp(`${param}=([A-Za-z0-9._%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${param} link in the mail`);
  return decodeURIComponent(match[1]);
};

describeEachDialect('account mails (verification, reset, email change)', (getDb) => {
  let smtp: SmtpReceiver;
  let fx: Fixture;
  const post = (url: string, payload: object, authorization?: string) =>
    fx.server.inject({
      method: 'POST',
      url: `/api/collections/members/${url}`,
      payload,
      headers: authorization ? { authorization } : {},
    });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    fx = await buildFixture(getDb(), {
      mailer: createMailer({
        smtpUrl: smtp.url,
        outboxDir: '/nonexistent',
        from: 'Community <noreply@example.com>',
        log: () => undefined,
      }),
    });
  });
  afterAll(async () => {
    await fx.server.close();
    await smtp.close();
  });

  it('verifies an email through the mailed link', async () => {
    expect((await post('request-verification', { email: 'BOB@example.com' })).statusCode).toBe(204);
    const mail = await smtp.next('bob@example.com');
    expect(mail.text).toContain('/settings?verificationToken=');
    const token = linkToken(mail.text, 'verificationToken');
    expect((await post('confirm-verification', { token })).statusCode).toBe(204);
    const bob = await fx.core.db.kysely
      .selectFrom('members')
      .select('verified')
      .where('id', '=', IDS.bob)
      .executeTakeFirstOrThrow();
    expect(Boolean(bob.verified)).toBe(true);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const before = smtp.mails.length;
    expect((await post('request-verification', { email: 'nobody@example.com' })).statusCode).toBe(204);
    expect((await post('request-password-reset', { email: 'nobody@example.com' })).statusCode).toBe(204);
    expect(smtp.mails.length).toBe(before);
  });

  it('rejects a bad email and a bad token with field errors', async () => {
    const bad = await post('request-verification', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: { email: { code: 'validation_is_email' } } });
    const token = await post('confirm-verification', { token: 'not.a.token' });
    expect(token.json()).toMatchObject({
      status: 400,
      data: { token: { code: 'validation_invalid_token' } },
    });
    const wrongType = await post('confirm-verification', { token: fx.tokens.alice });
    expect(wrongType.json()).toMatchObject({ data: { token: { code: 'validation_invalid_token' } } });
  });

  it('resets a password; the reset link and every older session stop working', async () => {
    expect((await post('request-password-reset', { email: 'alice@example.com' })).statusCode).toBe(204);
    const token = linkToken((await smtp.next('alice@example.com')).text, 'resetToken');
    const mismatch = await post('confirm-password-reset', {
      token,
      password: 'brand new pass',
      passwordConfirm: 'other',
    });
    expect(mismatch.json()).toMatchObject({
      data: { passwordConfirm: { code: 'validation_values_mismatch' } },
    });
    expect(
      (
        await post('confirm-password-reset', {
          token,
          password: 'brand new pass',
          passwordConfirm: 'brand new pass',
        })
      ).statusCode,
    ).toBe(204);
    expect((await post('auth-refresh', {}, fx.tokens.alice)).statusCode).toBe(401);
    expect(
      (
        await post('confirm-password-reset', {
          token,
          password: 'another pass 2',
          passwordConfirm: 'another pass 2',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post('auth-with-password', { identity: 'alice@example.com', password: PASSWORD })).statusCode,
    ).toBe(400);
    const signIn = await post('auth-with-password', {
      identity: 'alice@example.com',
      password: 'brand new pass',
    });
    expect(signIn.statusCode).toBe(200);
    fx.tokens.alice = signIn.json<{ token: string }>().token;
  });

  it('changes an email after confirming with the password; older sessions end', async () => {
    const taken = await post('request-email-change', { newEmail: 'bob@example.com' }, fx.tokens.alice);
    expect(taken.json()).toMatchObject({ data: { newEmail: { code: 'validation_invalid_new_email' } } });
    expect((await post('request-email-change', { newEmail: 'alice.new@example.com' })).statusCode).toBe(401);
    expect(
      (await post('request-email-change', { newEmail: 'alice.new@example.com' }, fx.tokens.alice)).statusCode,
    ).toBe(204);
    const token = linkToken((await smtp.next('alice.new@example.com')).text, 'emailChangeToken');
    const wrongPassword = await post('confirm-email-change', { token, password: 'nope nope nope' });
    expect(wrongPassword.json()).toMatchObject({
      data: { password: { code: 'validation_invalid_password' } },
    });
    expect((await post('confirm-email-change', { token, password: 'brand new pass' })).statusCode).toBe(204);
    expect((await post('auth-refresh', {}, fx.tokens.alice)).statusCode).toBe(401);
    const signIn = await post('auth-with-password', {
      identity: 'alice.new@example.com',
      password: 'brand new pass',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ record: { email: 'alice.new@example.com', verified: true } });
  });

  it('lists the auth methods', async () => {
    const res = await fx.server.inject({
      method: 'GET',
      url: '/api/collections/members/auth-methods?fields=password,otp',
    });
    expect(res.json()).toEqual({
      password: { enabled: true, identityFields: ['email', 'username'] },
      otp: { enabled: false, duration: 0 },
    });
  });
});
