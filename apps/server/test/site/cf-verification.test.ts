/**
 * External profile verification (PRODUCT.md §11): a local HTTP server stands in for the external site,
 * answering per code, so each outcome (valid, invalid, broken, silent) is a real round trip.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CF_MESSAGES, askExternalSite } from '../../src/site/cf-verification';
import { describeEachDialect } from '../support/databases';
import { CAST, buildCommunity, type Community, type Role } from '../support/community';

const VALID = 'GOODCODE1234';
const VALID_FOR_BOB = 'BOBSCODE5678';
const INVALID = 'WRONGCODE000';
const BROKEN = 'BROKENSITE00';
const SILENT = 'NEVERANSWERS';

interface ExternalSite {
  url: string;
  received: Array<{ method: string; contentType: string; body: unknown }>;
  close(): Promise<void>;
}

async function startExternalSite(): Promise<ExternalSite> {
  const received: ExternalSite['received'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { code?: string };
      received.push({ method: req.method ?? '', contentType: req.headers['content-type'] ?? '', body });
      const json = (status: number, value: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (body.code === VALID) json(200, { valid: true, username: 'GiantAlice' });
      else if (body.code === VALID_FOR_BOB) json(200, { valid: true, username: 'giantalice' });
      else if (body.code === BROKEN) json(500, { oops: true });
      else if (body.code === SILENT) hanging.add(res);
      else json(200, { valid: false });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/verify`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
      }),
  };
}

const verify = (community: Community, role: Role, body: object) => {
  const token = community.token(role);
  return community.server.inject({
    method: 'POST',
    url: '/api/verify-cf-profile',
    payload: body,
    headers: token ? { authorization: token } : {},
  });
};

const createProfile = async (community: Community, role: 'alice' | 'bob') => {
  const token = community.token(role)!;
  const res = await community.server.inject({
    method: 'POST',
    url: '/api/collections/profiles/records',
    payload: { user: CAST[role], name: role },
    headers: { authorization: token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
};

describeEachDialect('external profile verification', (getDb) => {
  let community: Community;
  let site: ExternalSite;
  let aliceProfile: string;

  beforeAll(async () => {
    site = await startExternalSite();
    community = await buildCommunity(getDb(), { config: { cfVerify: { url: site.url, timeoutMs: 300 } } });
    aliceProfile = await createProfile(community, 'alice');
  });
  afterAll(async () => {
    await community.server.close();
    await site.close();
  });

  it('verification needs a signed-in member', async () => {
    const res = await verify(community, 'guest', { cf_verification_code: VALID });
    expect(res.statusCode).toBe(401);
    expect(site.received).toHaveLength(0);
  });

  it('a code that is not 12 characters is refused without asking the external site', async () => {
    for (const code of ['SHORT', `${VALID}X`, '', 123456789012]) {
      const res = await verify(community, 'alice', { cf_verification_code: code });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: CF_MESSAGES.length });
    }
    expect(site.received).toHaveLength(0);
  });

  it('an invalid code answers an error and leaves the profile unverified', async () => {
    const res = await verify(community, 'alice', { cf_verification_code: INVALID });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: CF_MESSAGES.invalid });
    expect(site.received.at(-1)).toEqual({
      method: 'POST',
      contentType: 'application/json',
      body: { code: INVALID },
    });
    const profile = await community.server.inject({
      method: 'GET',
      url: `/api/collections/profiles/records/${aliceProfile}`,
      headers: { authorization: community.token('alice')! },
    });
    expect(profile.json()).toMatchObject({ cf_verified: '', cf_username: '' });
  });

  it('an external site that fails or does not answer in time gives a try-again error', async () => {
    const broken = await verify(community, 'alice', { cf_verification_code: BROKEN });
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toMatchObject({ error: CF_MESSAGES.unavailable });
    const started = Date.now();
    const silent = await verify(community, 'alice', { cf_verification_code: SILENT });
    expect(silent.statusCode).toBe(502);
    expect(silent.json()).toMatchObject({ error: CF_MESSAGES.unavailable });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('an external site that is down reads as unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await askExternalSite({ url: `http://127.0.0.1:${port}/verify`, timeoutMs: 300 }, VALID)).toEqual({
      kind: 'unavailable',
    });
  });

  it('a valid code sets cf_verified and cf_username on the member profile', async () => {
    const res = await verify(community, 'alice', { cf_verification_code: VALID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ cf_username: 'GiantAlice' });
    const profile = await community.server.inject({
      method: 'GET',
      url: `/api/collections/profiles/records/${aliceProfile}`,
      headers: { authorization: community.token('bob')! },
    });
    const body = profile.json<{ cf_username: string; cf_verified: string }>();
    expect(body.cf_username).toBe('GiantAlice');
    expect(body.cf_verified).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const again = await verify(community, 'alice', { cf_verification_code: VALID });
    expect(again.json()).toMatchObject({ error: CF_MESSAGES.already });
  });

  it('members cannot set cf_username or cf_verified themselves', async () => {
    for (const payload of [{ cf_username: 'Someone' }, { cf_verified: '2026-01-01 00:00:00.000Z' }]) {
      const res = await community.server.inject({
        method: 'PATCH',
        url: `/api/collections/profiles/records/${aliceProfile}`,
        payload,
        headers: { authorization: community.token('alice')! },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('one external profile verifies one member only', async () => {
    await createProfile(community, 'bob');
    const res = await verify(community, 'bob', { cf_verification_code: VALID_FOR_BOB });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: CF_MESSAGES.taken });
  });

  it('verification attempts are rate limited per member', async () => {
    await community.core.settings.update(community.core.db.kysely, { rateLimits: { enabled: true } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 11; i++) {
        last = await verify(community, 'bob', { cf_verification_code: 'x' });
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await community.core.settings.update(community.core.db.kysely, { rateLimits: { enabled: false } });
    }
  });
});

describeEachDialect('external profile verification, unconfigured', (getDb) => {
  let community: Community;
  beforeAll(async () => {
    community = await buildCommunity(getDb());
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('without CF_VERIFY_URL verification answers that it is not available on this site', async () => {
    const res = await verify(community, 'alice', { cf_verification_code: VALID });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Profile verification is not available on this site.' });
  });
});
