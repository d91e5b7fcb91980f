/**
 * PRODUCT.md §15 "Private fields stay private in every clause": what a caller cannot read, they cannot
 * filter, sort or expand on either, nor use to order what they see; the computed `age` follows
 * `displayAge`. bob, an ordinary member, probes as an attacker would: he sorts by hidden values and
 * watches the order.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, type Community } from '../support/community';

describeEachDialect('one read guard for filter, sort, expand and fields (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;
  /** Members whose birthdays, settings and ages sort in a known order. */
  const members = [
    { id: 'memberaaaaaaaa1', birthday: '1950-01-01', key: 'a', displayAge: false },
    { id: 'memberaaaaaaaa2', birthday: '1999-01-01', key: 'z', displayAge: false },
    { id: 'memberaaaaaaaa3', birthday: '1970-01-01', key: 'm', displayAge: false },
    { id: 'memberaaaaaaaa4', birthday: '1985-01-01', key: 'q', displayAge: true },
  ];

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
    const su = 'superuser';
    for (const [i, m] of members.entries()) {
      const user = await api(su, 'POST', 'collections/users/records', {
        id: m.id,
        username: `member${i}`,
        email: `member${i}@example.com`,
        password: 'tiny giant 42',
        passwordConfirm: 'tiny giant 42',
        birthday: m.birthday,
        settings: { secret: m.key, displayAge: m.displayAge },
      });
      expect(user.statusCode, user.body).toBe(200);
      // Profiles are created in an order unrelated to every hidden value.
      const profile = await api(su, 'POST', 'collections/profiles/records', { user: m.id, name: `M${i}` });
      expect(profile.statusCode, profile.body).toBe(200);
    }
  });
  afterAll(async () => {
    await community.server.close();
  });

  const order = async (query: string) => {
    const res = await api('bob', 'GET', `collections/profiles/records?perPage=50&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: Array<{ user: string }> }>().items.map((p) => p.user);
  };

  it('sorting profiles by private user fields orders nothing: the same order either way', async () => {
    for (const field of ['user.birthday', 'user.settings.secret', 'user.is_banned', 'user.email']) {
      const up = await order(`sort=${field},created`);
      const down = await order(`sort=-${field},created`);
      expect(down, field).toEqual(up);
    }
    // A moderator may read birthdays, so for them the sort is real.
    const mod = await api('mod', 'GET', 'collections/profiles/records?perPage=50&sort=user.birthday');
    const byBirthday = mod.json<{ items: Array<{ user: string }> }>().items.map((p) => p.user);
    expect(byBirthday.filter((id) => id.startsWith('member'))).toEqual([
      'memberaaaaaaaa1',
      'memberaaaaaaaa3',
      'memberaaaaaaaa4',
      'memberaaaaaaaa2',
    ]);
  });

  it("sorting likes by the target's title does not order by a draft's hidden title", async () => {
    // alice likes her own draft; bob must not learn its title through the order of likes he can list.
    expect(
      (await api('alice', 'POST', 'collections/likes/records', { target: C.draft, user: CAST.alice }))
        .statusCode,
    ).toBe(200);
    const up = await api('bob', 'GET', 'collections/likes/records?sort=target.title');
    const down = await api('bob', 'GET', 'collections/likes/records?sort=-target.title');
    expect(up.statusCode).toBe(200);
    expect(up.body).not.toContain(C.draft);
    expect(down.body).not.toContain(C.draft);
  });

  it('age follows displayAge: not returned, not filterable, not sortable while it is off', async () => {
    const res = await api('bob', 'GET', 'collections/profiles/records?perPage=50');
    const byUser = new Map(
      res.json<{ items: Array<Record<string, unknown>> }>().items.map((p) => [String(p.user), p]),
    );
    expect(byUser.get('memberaaaaaaaa1')).not.toHaveProperty('age');
    expect(byUser.get('memberaaaaaaaa4')).toHaveProperty('age');
    expect(typeof byUser.get('memberaaaaaaaa4')?.age).toBe('number');
    const old = await api(
      'bob',
      'GET',
      `collections/profiles/records?filter=${encodeURIComponent('age > 60')}`,
    );
    expect(old.json<{ totalItems: number }>().totalItems).toBe(0);
    const hidden = members.filter((m) => !m.displayAge).map((m) => m.id);
    const up = (await order('sort=age,created')).filter((id) => hidden.includes(id));
    const down = (await order('sort=-age,created')).filter((id) => hidden.includes(id));
    expect(down).toEqual(up);
    // The member themself and moderators still see it.
    const own = await api(
      'mod',
      'GET',
      `collections/profiles/records?filter=${encodeURIComponent('age > 60')}`,
    );
    expect(own.json<{ totalItems: number }>().totalItems).toBe(1);
  });

  it('expand and fields never carry a private value to another member', async () => {
    const res = await api(
      'bob',
      'GET',
      'collections/profiles/records?perPage=50&expand=user&fields=id,age,expand.user.birthday,expand.user.settings,expand.user.email',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/birthday|secret|displayAge|@example\.com/);
  });
});
