/**
 * PRODUCT.md §15 "Authorship is consented": a member creates a post with themself as its only
 * contributor; co-authors are invited and join only by accepting. Sent raw, as members would.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../support/databases';
import { CAST, apiCaller, buildCommunity, notificationsOf, type Community } from '../support/community';

describeEachDialect('co-authors by invitation (PRODUCT.md §15)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    api = apiCaller(community);
  });
  afterAll(async () => {
    await community.server.close();
  });

  const contributorsOf = async (post: string) =>
    (await api('alice', 'GET', `collections/posts/records/${post}`)).json<{ contributors: string[] }>()
      .contributors;
  const newPost = async (title: string) => {
    const res = await api('alice', 'POST', 'collections/posts/records', {
      type: 'story',
      title,
      contributors: [CAST.alice],
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const invite = (who: 'alice' | 'bob', post: string, user: string, inviter: string = CAST[who]) =>
    api(who, 'POST', 'collections/post_invitations/records', { post, user, inviter });

  it('nobody is listed as an author without consent: not at creation, not by a later edit', async () => {
    const listed = await api('alice', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Written by two',
      contributors: [CAST.alice, CAST.bob],
    });
    expect(listed.statusCode).toBe(400);
    const post = await newPost('Alone at first');
    const added = await api('alice', 'PATCH', `collections/posts/records/${post}`, {
      contributors: [CAST.alice, CAST.bob],
    });
    expect(added.statusCode).toBe(400);
    const appended = await api('alice', 'PATCH', `collections/posts/records/${post}`, {
      'contributors+': CAST.bob,
    });
    expect(appended.statusCode).toBe(400);
    expect(await contributorsOf(post)).toEqual([CAST.alice]);
  });

  it('an invitation is a notification; accepting adds the invitee, and the inviter hears the answer', async () => {
    const post = await newPost('The Shared Garden');
    const invitation = await invite('alice', post, CAST.bob);
    expect(invitation.statusCode).toBe(200);
    expect(invitation.json()).toMatchObject({ status: 'pending', user: CAST.bob, inviter: CAST.alice });
    const id = invitation.json<{ id: string }>().id;
    expect((await notificationsOf(community, 'bob'))[0]?.content).toBe(
      'You are invited to co-author "The Shared Garden"',
    );
    // Before accepting, bob is no author: he cannot edit the post.
    expect(
      (await api('bob', 'PATCH', `collections/posts/records/${post}`, { title: 'Mine' })).statusCode,
    ).toBe(404);
    // Nobody answers for bob.
    expect(
      (await api('alice', 'PATCH', `collections/post_invitations/records/${id}`, { status: 'accepted' }))
        .statusCode,
    ).toBe(404);
    const accepted = await api('bob', 'PATCH', `collections/post_invitations/records/${id}`, {
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await contributorsOf(post)).toEqual([CAST.alice, CAST.bob]);
    expect((await notificationsOf(community, 'alice'))[0]?.content).toBe(
      'Your invitation to co-author "The Shared Garden" was accepted',
    );
    // Answered once: it cannot be turned into a decline (or re-accepted) later.
    expect(
      (await api('bob', 'PATCH', `collections/post_invitations/records/${id}`, { status: 'declined' }))
        .statusCode,
    ).toBe(404);

    // A co-author cannot remove the first author, nor reorder to become first; they may leave.
    for (const contributors of [[CAST.bob], [CAST.bob, CAST.alice]]) {
      const res = await api('bob', 'PATCH', `collections/posts/records/${post}`, { contributors });
      expect(res.statusCode, JSON.stringify(contributors)).toBe(400);
    }
    expect(
      (await api('bob', 'PATCH', `collections/posts/records/${post}`, { contributors: [CAST.alice] }))
        .statusCode,
    ).toBe(200);
    expect(await contributorsOf(post)).toEqual([CAST.alice]);
  });

  it('a declined invitation adds nobody; only contributors invite, as themselves', async () => {
    const post = await newPost('Declined');
    const invitation = await invite('alice', post, CAST.bob);
    const id = invitation.json<{ id: string }>().id;
    const declined = await api('bob', 'PATCH', `collections/post_invitations/records/${id}`, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);
    expect(await contributorsOf(post)).toEqual([CAST.alice]);
    expect((await notificationsOf(community, 'alice'))[0]?.content).toBe(
      'Your invitation to co-author "Declined" was declined',
    );
    // bob is no contributor: he cannot invite to alice's post, nor invite in alice's name.
    expect((await invite('bob', post, CAST.mod)).statusCode).toBe(400);
    expect((await invite('bob', post, CAST.mod, CAST.alice)).statusCode).toBe(400);
    // Nor can anyone invite a member who already is a contributor, or themself.
    expect((await invite('alice', post, CAST.alice)).statusCode).toBe(400);
  });

  it('the first author removes other contributors', async () => {
    const post = await newPost('Parting ways');
    const id = (await invite('alice', post, CAST.bob)).json<{ id: string }>().id;
    await api('bob', 'PATCH', `collections/post_invitations/records/${id}`, { status: 'accepted' });
    expect(await contributorsOf(post)).toEqual([CAST.alice, CAST.bob]);
    expect(
      (await api('alice', 'PATCH', `collections/posts/records/${post}`, { contributors: [CAST.alice] }))
        .statusCode,
    ).toBe(200);
    expect(await contributorsOf(post)).toEqual([CAST.alice]);
  });

  it('an invitation carries the title and address; a pending or declined one is not repeated, a dismissed one may be', async () => {
    const post = await newPost('Asked Twice');
    const story = await api('alice', 'POST', 'collections/stories/records', { post, content: 'Once.' });
    expect(story.statusCode, story.body).toBe(200);
    const first = await invite('alice', post, CAST.bob);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      title: 'Asked Twice',
      href: `/stories/${story.json<{ id: string }>().id}`,
    });
    // The post is unpublished, so bob cannot open it; the invitation tells him what it is.
    const mine = await api('bob', 'GET', 'collections/post_invitations/records');
    expect(mine.json<{ items: { title: string }[] }>().items.map((item) => item.title)).toContain(
      'Asked Twice',
    );
    // Nobody writes the title or address but the server.
    const forged = await api('alice', 'POST', 'collections/post_invitations/records', {
      post,
      user: CAST.mod,
      inviter: CAST.alice,
      title: 'Something else',
    });
    expect(forged.statusCode).toBe(400);

    const again = await invite('alice', post, CAST.bob);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ data: { user: { code: 'validation_already_invited' } } });

    const id = first.json<{ id: string }>().id;
    await api('bob', 'PATCH', `collections/post_invitations/records/${id}`, { status: 'declined' });
    // A non-contributor's try changes nothing: the answered invitation stays.
    expect((await invite('bob', post, CAST.mod)).statusCode).toBe(400);
    // bob said no: alice cannot ask again until he dismisses his answer.
    const declined = await invite('alice', post, CAST.bob);
    expect(declined.json()).toMatchObject({ data: { user: { code: 'validation_invitation_declined' } } });
    expect((await api('bob', 'DELETE', `collections/post_invitations/records/${id}`)).statusCode).toBe(204);
    const asked = await invite('alice', post, CAST.bob);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'pending' });
    expect((await api('alice', 'GET', `collections/post_invitations/records/${id}`)).statusCode).toBe(404);
  });
});
