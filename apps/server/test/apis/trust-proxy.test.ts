/**
 * TRUST_PROXY: behind a reverse proxy every request arrives from the proxy's address, so unless the
 * proxy is trusted to name the client, all members share one abuse-limit counter. Trusting it must
 * not let anyone else choose the address they are counted under.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../src/config';
import { createTestServer } from '../support/app';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../support/databases';
import { PASSWORD, buildFixture, type Fixture } from '../support/fixture';

const PROXY = '10.0.0.1';
const MEMBER_A = '203.0.113.5';
const MEMBER_B = '203.0.113.6';

describe('the client address Fastify sees', () => {
  let testDb: TestDatabase;
  const servers: FastifyInstance[] = [];

  /** A server whose extra route answers the address the server counts the caller under. */
  const serverTrusting = async (trustProxy: TrustProxy) => {
    const server = await createTestServer(testDb.db, {
      config: { trustProxy },
      extend: (app) => app.get('/test/ip', (request) => ({ ip: request.ip })),
    });
    servers.push(server);
    return async (remoteAddress: string, forwardedFor?: string) => {
      const res = await server.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
      return res.json<{ ip: string }>().ip;
    };
  };

  beforeAll(async () => {
    testDb = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await testDb.drop();
  });

  it('by default ignores X-Forwarded-For: the connecting address is the client', async () => {
    const ipOf = await serverTrusting(false);
    expect(await ipOf(PROXY, MEMBER_A)).toBe(PROXY);
    expect(await ipOf(MEMBER_A, '198.51.100.1')).toBe(MEMBER_A);
  });

  it('with the proxy’s address, takes the client from the proxy and ignores everyone else’s header', async () => {
    const ipOf = await serverTrusting([PROXY]);
    expect(await ipOf(PROXY, MEMBER_A)).toBe(MEMBER_A);
    // What the client wrote itself comes before what the proxy appended, and is not believed.
    expect(await ipOf(PROXY, `198.51.100.1, ${MEMBER_A}`)).toBe(MEMBER_A);
    // A client reaching the server directly names nobody.
    expect(await ipOf('192.0.2.50', '198.51.100.1')).toBe('192.0.2.50');
  });

  it('with a hop count, believes that many entries from the end', async () => {
    const ipOf = await serverTrusting(1);
    expect(await ipOf(PROXY, `198.51.100.1, ${MEMBER_A}`)).toBe(MEMBER_A);
    const twoHops = await serverTrusting(2);
    expect(await twoHops(PROXY, `${MEMBER_A}, 10.0.0.2`)).toBe(MEMBER_A);
  });
});

describeEachDialect('abuse limits behind a trusted proxy', (getDb) => {
  let fx: Fixture;
  const signIn = (remoteAddress: string, forwardedFor: string | undefined, password = 'wrong password') =>
    fx.server
      .inject({
        method: 'POST',
        url: '/api/collections/members/auth-with-password',
        payload: { identity: 'bob', password },
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      })
      .then((res) => res.statusCode);

  beforeAll(async () => {
    fx = await buildFixture(getDb(), { rateLimits: true, config: { trustProxy: [PROXY] } });
  });
  afterAll(async () => {
    await fx.server.close();
  });

  it('limits two members behind the same proxy separately', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signIn(PROXY, MEMBER_A));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(await signIn(PROXY, MEMBER_B, PASSWORD)).toBe(200);
  });

  it('keeps counting a member who puts made-up addresses in front of the proxy’s entry', async () => {
    const member = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signIn(PROXY, `198.51.100.${i + 1}, ${member}`));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('counts a client that is not the proxy by its own address, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await signIn('192.0.2.50', `198.51.100.${i + 1}`));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
