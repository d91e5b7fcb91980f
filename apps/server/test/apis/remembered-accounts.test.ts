/**
 * The account an auth token names is remembered between requests (core/auth/remembered-accounts.ts)
 * and read again after any write to its collection's accounts: a ban, a new password or a new role
 * takes effect on the very next request.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  COMMUNITY_PASSWORD,
  addMember,
  apiCaller,
  buildCommunity,
  type Community,
} from '../support/community';
import { describeEachDialect } from '../support/databases';

describeEachDialect('remembered accounts', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;

  const stats = () => ({ ...community.core.records.lists!.stats });
  const refresh = (token: string) => call({ token }, 'POST', 'collections/users/auth-refresh');

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });

  it('reads an account once while nothing changes', async () => {
    const { token } = await addMember(community, 'dora');
    expect((await refresh(token)).statusCode).toBe(200);
    const before = stats();
    expect((await refresh(token)).statusCode).toBe(200);
    expect(stats().rowHits - before.rowHits).toBe(1);
    expect(stats().rowMisses).toBe(before.rowMisses);
  });

  it('ends a session on the request after a ban', async () => {
    const { id, token } = await addMember(community, 'eve');
    expect((await refresh(token)).statusCode).toBe(200);
    expect((await refresh(token)).statusCode).toBe(200);
    const banned = await call('superuser', 'PATCH', `collections/users/records/${id}`, { is_banned: true });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('ends older tokens on the request after a password change, and knows the new one', async () => {
    const { id, token } = await addMember(community, 'finn');
    expect((await refresh(token)).statusCode).toBe(200);
    const changed = await call('superuser', 'PATCH', `collections/users/records/${id}`, {
      password: `${COMMUNITY_PASSWORD} again`,
      passwordConfirm: `${COMMUNITY_PASSWORD} again`,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await refresh(token)).statusCode).toBe(401);
    const signedIn = await community.server.inject({
      method: 'POST',
      url: '/api/collections/users/auth-with-password',
      payload: { identity: 'finn', password: `${COMMUNITY_PASSWORD} again` },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await refresh(signedIn.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it('shows a new role to the rules on the next request', async () => {
    const { id, token } = await addMember(community, 'gus');
    const record = async () => (await refresh(token)).json<{ record: { roles: string[] } }>().record;
    expect((await record()).roles).toEqual([]);
    const promoted = await call('superuser', 'PATCH', `collections/users/records/${id}`, {
      roles: ['moderator'],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await record()).roles).toEqual(['moderator']);
  });
});
