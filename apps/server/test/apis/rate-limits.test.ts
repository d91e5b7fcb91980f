import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_CHANGES_PER_MINUTE } from '../../src/apis/rate-limits';
import { describeEachDialect } from '../support/databases';
import { PASSWORD, buildFixture, type Fixture } from '../support/fixture';

describeEachDialect('abuse limits', (getDb) => {
  let fx: Fixture;
  const post = (url: string, payload: object, authorization?: string) =>
    fx.server.inject({
      method: 'POST',
      url: `/api/collections/${url}`,
      payload,
      headers: authorization ? { authorization } : {},
      remoteAddress: '10.0.0.7',
    });

  beforeAll(async () => {
    fx = await buildFixture(getDb(), { rateLimits: true });
  });
  afterAll(async () => {
    await fx.server.close();
  });

  it('ASVS #32: allows 5 password sign-ins per 20 s from one address, then answers 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('members/auth-with-password', { identity: 'bob', password: 'wrong password' }))
          .statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await post('members/auth-with-password', { identity: 'bob', password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ data: {}, message: 'Too Many Requests.', status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const otherAddress = await fx.server.inject({
      method: 'POST',
      url: '/api/collections/members/auth-with-password',
      payload: { identity: 'bob', password: PASSWORD },
      remoteAddress: '10.0.0.8',
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it('ASVS #32: limits reset mails per address, not per sender', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('members/request-password-reset', { email: 'Alice@example.com' })).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses[5]).toBe(429);
    expect((await post('members/request-password-reset', { email: 'bob@example.com' })).statusCode).toBe(204);
  });

  it('ASVS #32: limits account creation to 3 per hour per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fx.server.inject({
        method: 'POST',
        url: '/api/collections/members/records',
        payload: {
          username: `newbie${i}`,
          email: `newbie${i}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
        },
        remoteAddress: '10.0.0.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts only accounts created: refused sign-ups (typos) do not use up the three', async () => {
    const signUp = (i: number, payload: Record<string, unknown> = {}) =>
      fx.server.inject({
        method: 'POST',
        url: '/api/collections/members/records',
        payload: {
          username: `typo${i}`,
          email: `typo${i}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          ...payload,
        },
        remoteAddress: '10.0.0.10',
      });
    const refused = [
      await signUp(1, { email: 'not an email' }),
      await signUp(2, { password: 'short', passwordConfirm: 'short' }),
      await signUp(3, { username: 'bob' }),
      await signUp(4, { passwordConfirm: 'something else' }),
    ].map((res) => res.statusCode);
    expect(refused).toEqual([400, 400, 400, 400]);
    const created = [await signUp(5), await signUp(6), await signUp(7), await signUp(8)];
    expect(created.map((res) => res.statusCode)).toEqual([200, 200, 200, 429]);
    expect(Number(created[3]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('still limits sign-up attempts, more generously: 30 an hour per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fx.server.inject({
        method: 'POST',
        url: '/api/collections/members/records',
        payload: {
          username: `bad${i}`,
          email: 'not an email',
          password: PASSWORD,
          passwordConfirm: PASSWORD,
        },
        remoteAddress: '10.0.0.11',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it(`limits changes of live subscriptions to ${REALTIME_CHANGES_PER_MINUTE} a minute per member`, async () => {
    const subscribe = (authorization: string) =>
      fx.server.inject({
        method: 'POST',
        url: '/api/realtime',
        payload: { clientId: 'no-such-client', subscriptions: ['comments/*'] },
        headers: { authorization },
        remoteAddress: '10.0.0.9',
      });
    const statuses = new Set<number>();
    for (let i = 0; i < REALTIME_CHANGES_PER_MINUTE; i++)
      statuses.add((await subscribe(fx.tokens.bob)).statusCode);
    // Every change counts, answered or not (here the stream is unknown: 404).
    expect([...statuses]).toEqual([404]);
    const limited = await subscribe(fx.tokens.bob);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member, from the same address, is not held back by bob's changes.
    expect((await subscribe(fx.tokens.alice)).statusCode).toBe(404);
  });

  it('turns off with the rateLimits setting', async () => {
    await fx.core.settings.update(fx.core.db.kysely, { rateLimits: { enabled: false } });
    expect(
      (await post('members/auth-with-password', { identity: 'bob', password: PASSWORD })).statusCode,
    ).toBe(200);
  });
});
