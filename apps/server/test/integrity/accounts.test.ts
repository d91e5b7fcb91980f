/**
 * PRODUCT.md §15 on accounts, attacked as a member and a moderator would: identity links are fixed,
 * moderator powers are exact, a ban is final for the sessions it ended, dates are real dates.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import {
  C,
  CAST,
  COMMUNITY_PASSWORD,
  apiCaller,
  buildCommunity,
  signIn,
  type Community,
} from '../support/community';

describeEachDialect('accounts integrity (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;
  const profileOf: Record<string, string> = {};

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
    for (const who of ['alice', 'bob'] as const) {
      const res = await api(who, 'POST', 'collections/profiles/records', { user: CAST[who], name: who });
      expect(res.statusCode).toBe(200);
      profileOf[who] = res.json<{ id: string }>().id;
    }
  });
  afterAll(async () => {
    await community.server.close();
  });

  const signUp = (username: string, birthday: unknown) =>
    community.server.inject({
      method: 'POST',
      url: '/api/collections/users/records',
      payload: {
        username,
        email: `${username}@example.com`,
        password: COMMUNITY_PASSWORD,
        passwordConfirm: COMMUNITY_PASSWORD,
        birthday,
      },
    });

  it("users.profile: a member cannot point their account at another member's profile", async () => {
    const stolen = await api('bob', 'PATCH', `collections/users/records/${CAST.bob}`, {
      profile: profileOf.alice,
    });
    expect(stolen.statusCode).toBe(404);
    const own = await api('bob', 'PATCH', `collections/users/records/${CAST.bob}`, {
      profile: profileOf.bob,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ profile: profileOf.bob });
  });

  it("profile.user never changes, not even to the owner's own choice", async () => {
    const moved = await api('alice', 'PATCH', `collections/profiles/records/${profileOf.alice}`, {
      user: CAST.bob,
    });
    expect(moved.statusCode).toBe(404);
  });

  it("a moderator cannot reveal a member's email through emailVisibility, nor change any other field", async () => {
    for (const body of [
      { emailVisibility: true },
      { is_banned: true, emailVisibility: true },
      { name: 'x', emailVisibility: true },
    ]) {
      const res = await api('mod', 'PATCH', `collections/users/records/${CAST.alice}`, body);
      expect(res.statusCode, JSON.stringify(body)).not.toBe(200);
    }
    const seen = await api('bob', 'GET', `collections/users/records/${CAST.alice}`);
    expect(seen.json()).not.toHaveProperty('email');
    const state = await api('alice', 'GET', `collections/users/records/${CAST.alice}`);
    expect(state.json()).toMatchObject({ emailVisibility: false, is_banned: false });
  });

  it('a report resolved as another member is refused; the resolver is always the caller', async () => {
    const forged = await api('mod', 'PATCH', `collections/reports/records/${C.report}`, {
      action: 'resolve',
      resolver: CAST.admin,
    });
    expect(forged.statusCode).toBe(404);
    const resolved = await api('mod', 'PATCH', `collections/reports/records/${C.report}`, {
      action: 'resolve',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolver: CAST.mod });
  });

  it('unbanning does not revive a token issued before the ban', async () => {
    expect((await signUp('carol', '1991-02-03')).statusCode).toBe(200);
    const session = await signIn(community, 'carol');
    expect(session.status).toBe(200);
    const carol = session.body.record!.id;
    const old = { token: session.body.token! };
    expect((await api(old, 'POST', 'collections/users/auth-refresh')).statusCode).toBe(200);
    expect(
      (await api('mod', 'PATCH', `collections/users/records/${carol}`, { is_banned: true })).statusCode,
    ).toBe(200);
    expect((await api(old, 'POST', 'collections/users/auth-refresh')).statusCode).toBe(401);
    expect(
      (await api('mod', 'PATCH', `collections/users/records/${carol}`, { is_banned: false })).statusCode,
    ).toBe(200);
    expect((await api(old, 'POST', 'collections/users/auth-refresh')).statusCode).toBe(401);
    expect((await api(old, 'GET', `collections/users/records/${carol}`)).statusCode).toBe(404);
    // A new sign-in works: the member is welcome back, the old sessions are not.
    expect((await signIn(community, 'carol')).status).toBe(200);
  });

  it('impossible birthdays are a clear validation error, never a way past the 18+ check', async () => {
    let n = 0;
    for (const birthday of ['+010000-01-01', '-000100-01-01', '1899-12-31', '2999-01-01']) {
      const res = await signUp(`odd${++n}`, birthday);
      expect(res.statusCode, birthday).toBe(400);
      expect(res.json<{ data: Record<string, { code: string }> }>().data.birthday?.code, birthday).toBe(
        'validation_invalid_date',
      );
    }
    const garbage = await signUp('garbage', 'not a date');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toHaveProperty('data.birthday');
    expect((await signUp('plain', '1990-05-05')).statusCode).toBe(200);
    // Given later (single sign-on members), the same check holds.
    expect(
      (await api('alice', 'PATCH', `collections/users/records/${CAST.alice}`, { birthday: '+010000-01-01' }))
        .statusCode,
    ).not.toBe(200);
  });
});
