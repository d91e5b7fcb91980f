/** Accounts (PRODUCT.md §3): sign-up rules, the interrupted registration, and the age check for SSO members. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRecord } from '../../src/core/records/write';
import { guestRequest } from '../../src/core/rules/request-info';
import { describeEachDialect } from '../support/databases';
import {
  CAST,
  C,
  COMMUNITY_PASSWORD,
  apiCaller,
  buildCommunity,
  signIn,
  type Community,
} from '../support/community';

const adultBirthday = '1992-02-02';
const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

describeEachDialect('accounts', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  const register = (fields: Record<string, unknown>) =>
    call('guest', 'POST', 'collections/users/records', {
      password: COMMUNITY_PASSWORD,
      passwordConfirm: COMMUNITY_PASSWORD,
      birthday: adultBirthday,
      ...fields,
    });

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  it('sign-up requires a birthday', async () => {
    const res = await register({ username: 'nobirthday', email: 'nb@example.com', birthday: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: { birthday: { code: 'validation_required' } } });
  });

  it('sign-up refuses members who are 17 and accepts those who turned 18 today', async () => {
    expect(
      (await register({ username: 'seventeen', email: 's17@example.com', birthday: yearsAgo(17) }))
        .statusCode,
    ).toBe(400);
    const res = await register({ username: 'eighteen', email: 's18@example.com', birthday: yearsAgo(18) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('usernames are 3+ characters of letters, digits, "-", "_" and "." without "@"', async () => {
    for (const username of ['ab', 'has space', 'me@example.com', 'semi;colon']) {
      const res = await register({ username, email: `${username.length}x@example.com` });
      expect(res.statusCode, username).toBe(400);
      expect(res.json<{ data: Record<string, unknown> }>().data).toHaveProperty('username');
    }
    expect((await register({ username: 'Giant_Fan-1.0', email: 'fan@example.com' })).json()).toMatchObject({
      username: 'giant_fan-1.0',
    });
  });

  it('usernames and emails are unique in any letter case (validation_not_unique)', async () => {
    const name = await register({ username: 'ALICE', email: 'other-alice@example.com' });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toMatchObject({ data: { username: { code: 'validation_not_unique' } } });
    const email = await register({ username: 'alice2', email: 'Alice@Example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ data: { email: { code: 'validation_not_unique' } } });
  });

  it('an interrupted registration shows in unmigrated_users until the profile is linked', async () => {
    const user = (await register({ username: 'halfway', email: 'halfway@example.com' })).json<{
      id: string;
    }>();
    const { body } = await signIn(community, 'halfway');
    const me = { token: body.token! };
    // The app's check after sign-in: the account is listed, so it finishes the profile.
    expect((await call(me, 'GET', `collections/unmigrated_users/records/${user.id}`)).statusCode).toBe(200);
    expect((await call('bob', 'GET', `collections/unmigrated_users/records/${user.id}`)).statusCode).toBe(
      404,
    );
    const profile = await call(me, 'POST', 'collections/profiles/records', {
      user: user.id,
      name: 'Half Way',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const linked = await call(me, 'PATCH', `collections/users/records/${user.id}`, {
      profile: profile.json<{ id: string }>().id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await call(me, 'GET', `collections/unmigrated_users/records/${user.id}`)).statusCode).toBe(404);
    expect((await call('mod', 'GET', `collections/unmigrated_users/records/${user.id}`)).statusCode).toBe(
      404,
    );
  });

  it('single sign-on may create an account without a birthday', async () => {
    const users = community.core.registry.find('users')!;
    const created = await createRecord(
      community.core.records,
      users,
      {
        username: 'ssomember',
        email: 'sso@example.com',
        password: COMMUNITY_PASSWORD,
        passwordConfirm: COMMUNITY_PASSWORD,
      },
      guestRequest({ method: 'POST', context: 'oauth2' }),
    );
    expect(created.birthday).toBe('');
  });

  it('a member without a birthday (single sign-on) cannot post, comment or message until 18+ is shown', async () => {
    const { body } = await signIn(community, 'ssomember');
    const sso = { token: body.token!, id: body.record!.id };
    const tryToWrite = async () => [
      (
        await call(sso, 'POST', 'collections/posts/records', {
          type: 'forum-post',
          title: 'Hello',
          contributors: [sso.id],
        })
      ).statusCode,
      (
        await call(sso, 'POST', 'collections/comments/records', {
          target: C.published,
          author: sso.id,
          content: 'Hi',
        })
      ).statusCode,
      (await call(sso, 'POST', 'collections/messages/records', { from: sso.id, to: CAST.bob, content: 'Hi' }))
        .statusCode,
    ];
    expect(await tryToWrite()).toEqual([400, 400, 400]);
    const young = await call(sso, 'PATCH', `collections/users/records/${sso.id}`, { birthday: yearsAgo(16) });
    expect(young.statusCode).toBe(400);
    expect(young.json()).toMatchObject({ data: { birthday: { code: 'validation_too_young' } } });
    const adult = await call(sso, 'PATCH', `collections/users/records/${sso.id}`, {
      birthday: adultBirthday,
    });
    expect(adult.statusCode, adult.body).toBe(200);
    expect(await tryToWrite()).toEqual([200, 200, 200]);
    // Once given, the birthday is fixed (spec part 1 §2: changing it needs an admin).
    expect(
      (await call(sso, 'PATCH', `collections/users/records/${sso.id}`, { birthday: '1980-01-01' }))
        .statusCode,
    ).toBe(404);
  });

  it('a banned member cannot sign in: "This account has been banned."', async () => {
    const res = await signIn(community, 'banned');
    expect(res.body).toMatchObject({ status: 403, message: 'This account has been banned.' });
  });
});
