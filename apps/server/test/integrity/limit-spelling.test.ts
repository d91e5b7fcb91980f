/**
 * PRODUCT.md §15 "Limits hold on every spelling of a path": an attacker who met a 429 tries the same
 * route spelled with percent-escapes, or folded into a batch, or asks for one-time codes by mail.
 * Every request here is sent raw, as the attacker would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Mailer } from '../../src/core/mail/mailer';
import { describeEachDialect } from '../support/databases';
import { PASSWORD, buildFixture, type Fixture } from '../support/fixture';

/** A mail server that can be made to hang: a request that waits for it then never answers either. */
const stuckMailer = (): Mailer & { sent: string[]; stuck: boolean } => {
  const mailer = {
    sent: [] as string[],
    stuck: false,
    send: (message: { to: string }) => {
      mailer.sent.push(message.to);
      return mailer.stuck ? new Promise<void>(() => undefined) : Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
  return mailer;
};

describeEachDialect('limits on every spelling of a path (PRODUCT.md §15)', (getDb) => {
  let fx: Fixture;
  let mailer: ReturnType<typeof stuckMailer>;
  let address = 0;
  /** Each test comes from its own address, so one test's counts never spill into another's. */
  const from = () => `10.1.0.${++address}`;
  const raw = (method: 'GET' | 'POST', url: string, remoteAddress: string, payload?: object) =>
    fx.server.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });
  const newMember = (n: string) => ({
    username: `newbie${n}`,
    email: `newbie${n}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  });

  beforeAll(async () => {
    mailer = stuckMailer();
    fx = await buildFixture(getDb(), { rateLimits: true, mailer });
    await fx.core.settings.update(fx.core.db.kysely, { batch: { enabled: true, maxRequests: 10 } });
    const members = fx.core.registry.find('members')!;
    await fx.core.collections.update(members.id, { otp: { enabled: true, duration: 180, length: 8 } });
  });
  afterAll(async () => {
    await fx.server.close();
  });

  it('sign-up: after the 429, `record%73` and `%6Dembers` are the same route and still 429', async () => {
    const ip = from();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await raw('POST', '/api/collections/members/records', ip, newMember(`a${i}`))).statusCode,
      );
    for (const url of ['/api/collections/members/record%73', '/api/collections/%6Dembers/records'])
      statuses.push((await raw('POST', url, ip, newMember(url.length.toString(36) + 'x'))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('sign-in: a percent-escaped `auth-with-passwor%64` counts against the 5 tries', async () => {
    const ip = from();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const url =
        i % 2
          ? '/api/collections/members/auth-with-passwor%64'
          : '/api/collections/members/auth-with-password';
      statuses.push((await raw('POST', url, ip, { identity: 'bob', password: 'wrong' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('reset and verification mails: escaped spellings count against the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const url =
        i % 2
          ? '/api/collections/members/request-password-rese%74'
          : '/api/collections/members/request-password-reset';
      statuses.push((await raw('POST', url, from(), { email: 'alice@example.com' })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    const verification: number[] = [];
    for (let i = 0; i < 6; i++)
      verification.push(
        (
          await raw('POST', '/api/collections/members/request-verificatio%6E', from(), {
            email: 'x@example.com',
          })
        ).statusCode,
      );
    expect(verification.at(-1)).toBe(429);
  });

  it('the general limit counts `/%61pi/...` like `/api/...`', async () => {
    const ip = from();
    let last = 0;
    for (let i = 0; i < 301; i++)
      last = (await raw('GET', i % 2 ? '/%61pi/health' : '/api/health', ip)).statusCode;
    expect(last).toBe(429);
  });

  it("a guest's batch of account creations counts against the sign-up limit", async () => {
    const ip = from();
    const batch = await raw('POST', '/api/batch', ip, {
      requests: [0, 1, 2, 3].map((i) => ({
        method: 'POST',
        url: '/api/collections/members/records',
        body: newMember(`b${i}`),
      })),
    });
    expect(batch.statusCode).toBe(429);
    const listed = await fx.server.inject({
      method: 'GET',
      url: '/api/collections/members/records?filter=' + encodeURIComponent("username ~ 'newbieb'"),
      headers: { authorization: fx.tokens.superuser },
    });
    expect(listed.json<{ totalItems: number }>().totalItems).toBe(0);
    // Three in one batch are allowed; the next single sign-up from the same address is not.
    const next = from();
    const three = await raw('POST', '/api/batch', next, {
      requests: [0, 1, 2].map((i) => ({
        method: 'POST',
        url: '/api/collections/member%73/records',
        body: newMember(`c${i}`),
      })),
    });
    expect(three.statusCode).toBe(200);
    expect((await raw('POST', '/api/collections/members/records', next, newMember('c9'))).statusCode).toBe(
      429,
    );
  });

  it('one-time codes: limited per address like reset mails, whoever asks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await raw('POST', '/api/collections/members/request-otp', from(), { email: 'Bob@example.com' }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('one-time codes: a known address answers without waiting for the mail, after the same hashing', async () => {
    const hash = fx.core.records.passwords.hash.bind(fx.core.records.passwords);
    let hashes = 0;
    mailer.stuck = true;
    fx.core.records.passwords.hash = (value: string) => {
      hashes++;
      return hash(value);
    };
    try {
      const known = await raw('POST', '/api/collections/members/request-otp', from(), {
        email: 'mod@example.com',
      });
      const hashesForKnown = hashes;
      const unknown = await raw('POST', '/api/collections/members/request-otp', from(), {
        email: 'nobody-here@example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
      expect(hashesForKnown).toBe(1);
      expect(hashes - hashesForKnown).toBe(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(mailer.sent).toContain('mod@example.com');
      expect(mailer.sent).not.toContain('nobody-here@example.com');
    } finally {
      fx.core.records.passwords.hash = hash;
      mailer.stuck = false;
    }
  });
});
