/**
 * The server driven only through the official `pocketbase` JS SDK over real HTTP, on every dialect:
 * auth, the record CRUD helpers with their rule outcomes, modifiers, `pb.filter()` escaping, expand,
 * cascades, and the superuser collection and settings services. Each test uses a fresh client.
 */
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeWithFixture, IDS, PASSWORD } from '../support/fixture';
import { client, listen, rejection } from './sdk-server';

interface Member {
  id: string;
  collectionId: string;
  collectionName: string;
  username: string;
  email?: string;
  emailVisibility: boolean;
  verified: boolean;
  roles: string[];
}

interface Comment {
  id: string;
  collectionName: string;
  post: string;
  author: string;
  text: string;
  expand?: { author?: Member; post?: Post };
}

interface Post {
  id: string;
  collectionId: string;
  collectionName: string;
  title: string;
  body: string;
  published: boolean;
  views: number;
  author: string;
  tags: string[];
  meta: unknown;
  created: string;
  updated: string;
  expand?: { author?: Member; comments_via_post?: Comment[] };
}

interface Secret {
  id: string;
  value: string;
}

interface Note {
  id: string;
  collectionName: string;
  label?: string;
  title?: string;
  count: number;
  extra?: boolean;
}

interface ErrorBody {
  status?: number;
  code?: number;
  message: string;
  data: Record<string, { code: string; message: string } | undefined>;
}

const MEMBER_EMAIL = { alice: 'alice@example.com', bob: 'bob@example.com', mod: 'mod@example.com' } as const;
type MemberName = keyof typeof MEMBER_EMAIL;

const sortedIds = (items: Array<{ id: string }>) => items.map((i) => i.id).sort();

describeWithFixture('pocketbase SDK against the server', (getFixture) => {
  let url = '';
  let titles = 0;
  /** A post title no other test uses (titles are unique in the fixture's schema). */
  const uniqueTitle = (label: string) => `${label} #${++titles}`;

  beforeAll(async () => {
    url = await listen(getFixture());
  });

  const guest = () => client(url);

  async function member(name: MemberName, identity: 'email' | 'username' = 'email'): Promise<PocketBase> {
    const pb = client(url);
    await pb
      .collection('members')
      .authWithPassword(identity === 'email' ? MEMBER_EMAIL[name] : name, PASSWORD);
    return pb;
  }

  async function superuser(): Promise<PocketBase> {
    const pb = client(url);
    await pb.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
    return pb;
  }

  /** A draft post of alice's, created through the SDK. */
  function aliceDraft(pb: PocketBase, extra: Partial<Post> = {}): Promise<Post> {
    return pb.collection('posts').create<Post>({ title: uniqueTitle('draft'), author: IDS.alice, ...extra });
  }

  describe('auth', () => {
    it('authWithPassword for a member by email stores the token and the record', async () => {
      const pb = client(url);
      const auth = await pb.collection('members').authWithPassword<Member>('alice@example.com', PASSWORD);
      expect(auth.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(auth.record.id).toBe(IDS.alice);
      expect(auth.record.collectionName).toBe('members');
      expect(auth.record.email).toBe('alice@example.com');
      expect(auth.record).not.toHaveProperty('password');
      expect(auth.record).not.toHaveProperty('tokenKey');
      expect(auth.record).not.toHaveProperty('note');
      expect(pb.authStore.isValid).toBe(true);
      expect(pb.authStore.token).toBe(auth.token);
      expect(pb.authStore.record?.id).toBe(IDS.alice);
      expect(pb.authStore.isSuperuser).toBe(false);
    });

    it('authWithPassword for a member by username (own email is returned even when hidden)', async () => {
      const pb = client(url);
      const auth = await pb.collection('members').authWithPassword<Member>('bob', PASSWORD);
      expect(auth.record.id).toBe(IDS.bob);
      expect(auth.record.username).toBe('bob');
      expect(auth.record.emailVisibility).toBe(false);
      expect(auth.record.email).toBe('bob@example.com');
      expect(pb.authStore.record?.id).toBe(IDS.bob);
      expect(pb.authStore.isSuperuser).toBe(false);
    });

    it('authWithPassword for _superusers makes authStore.isSuperuser true', async () => {
      const pb = client(url);
      const auth = await pb.collection('_superusers').authWithPassword('root@example.com', PASSWORD);
      expect(auth.record.collectionName).toBe('_superusers');
      expect(auth.record.email).toBe('root@example.com');
      expect(pb.authStore.isValid).toBe(true);
      expect(pb.authStore.isSuperuser).toBe(true);
    });

    it('a wrong password is a ClientResponseError 400 and leaves the store empty', async () => {
      const pb = client(url);
      const error = await rejection(
        pb.collection('members').authWithPassword('alice@example.com', 'wrong pw!'),
      );
      expect(error.status).toBe(400);
      expect(error.message).toBe('Failed to authenticate.');
      expect(error.response).toEqual({ data: {}, message: 'Failed to authenticate.', status: 400 });
      expect(pb.authStore.isValid).toBe(false);

      const unknown = await rejection(pb.collection('members').authWithPassword('nobody', PASSWORD));
      expect(unknown.status).toBe(400);
      const superuserWrong = await rejection(
        pb.collection('_superusers').authWithPassword('root@example.com', 'nope nope'),
      );
      expect(superuserWrong.status).toBe(400);
      // A member's credentials do not open the superusers collection.
      const crossed = await rejection(
        pb.collection('_superusers').authWithPassword('alice@example.com', PASSWORD),
      );
      expect(crossed.status).toBe(400);
    });

    it('authRefresh returns a fresh auth response for the stored session', async () => {
      const pb = await member('alice');
      const refreshed = await pb.collection('members').authRefresh<Member>();
      expect(refreshed.record.id).toBe(IDS.alice);
      expect(refreshed.record.email).toBe('alice@example.com');
      expect(refreshed.token).toBeTruthy();
      expect(pb.authStore.token).toBe(refreshed.token);
      expect(pb.authStore.isValid).toBe(true);
      // The refreshed token works for the next request.
      const list = await pb.collection('posts').getList<Post>(1, 30, { filter: `id = "${IDS.postDraft}"` });
      expect(list.items.map((p) => p.id)).toEqual([IDS.postDraft]);
    });

    it('authRefresh without a session is a 401', async () => {
      const error = await rejection(guest().collection('members').authRefresh());
      expect(error.status).toBe(401);
    });
  });

  describe('getList', () => {
    it('applies the list rule per caller', async () => {
      const asGuest = await guest().collection('posts').getList<Post>(1, 30, { filter: 'views >= 0' });
      expect(asGuest.page).toBe(1);
      expect(asGuest.perPage).toBe(30);
      expect(sortedIds(asGuest.items)).toEqual(
        expect.arrayContaining([IDS.postPublished, IDS.postBob].sort()),
      );
      expect(asGuest.items.every((p) => p.published)).toBe(true);
      expect(asGuest.totalItems).toBe(asGuest.items.length);

      const bob = await member('bob');
      const asBob = await bob.collection('posts').getList<Post>(1, 30, { filter: `id = "${IDS.postDraft}"` });
      expect(asBob.items).toEqual([]);
      expect(asBob.totalItems).toBe(0);

      const alice = await member('alice');
      const asAlice = await alice
        .collection('posts')
        .getList<Post>(1, 30, { filter: `id = "${IDS.postDraft}"` });
      expect(asAlice.items.map((p) => p.id)).toEqual([IDS.postDraft]);
    });

    it('pages with page/perPage/filter/sort', async () => {
      const list = await guest()
        .collection('posts')
        .getList<Post>(2, 1, { sort: '-views', filter: 'views >= 3' });
      expect(list).toMatchObject({ page: 2, perPage: 1, totalItems: 2, totalPages: 2 });
      expect(list.items.map((p) => p.id)).toEqual([IDS.postBob]);

      const first = await guest()
        .collection('posts')
        .getList<Post>(1, 1, { sort: '-views', filter: 'views >= 3' });
      expect(first.items.map((p) => p.id)).toEqual([IDS.postPublished]);

      const past = await guest().collection('posts').getList<Post>(5, 10, { filter: 'views >= 3' });
      expect(past).toMatchObject({ page: 5, perPage: 10, totalItems: 2, items: [] });
    });

    it('shapes records: every field with its type, no expand unless asked', async () => {
      const list = await guest()
        .collection('posts')
        .getList<Post>(1, 10, { filter: `id = "${IDS.postBob}"` });
      const [post] = list.items;
      expect(post).toMatchObject({
        id: IDS.postBob,
        collectionName: 'posts',
        title: 'Shrinking Day',
        published: true,
        views: 3,
        author: IDS.bob,
        tags: ['shrinking', 'tiny'],
        meta: null,
        body: '',
      });
      expect(post?.collectionId).toMatch(/^pbc_\d+$/);
      expect(post?.created).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(post).not.toHaveProperty('expand');
    });

    it('expands the author and the comments back-relation', async () => {
      const bob = await member('bob');
      const list = await bob.collection('posts').getList<Post>(1, 10, {
        filter: `id = "${IDS.postPublished}"`,
        expand: 'author,comments_via_post',
      });
      const post = list.items[0];
      expect(post?.expand?.author?.username).toBe('alice');
      expect(post?.expand?.author?.email).toBe('alice@example.com');
      expect(post?.expand?.author).not.toHaveProperty('note');
      expect(post?.expand?.comments_via_post?.map((c) => c.text).sort()).toEqual([
        'Lovely story',
        'Thank you!',
      ]);
    });

    it('keeps only the requested fields', async () => {
      const list = await guest().collection('posts').getList<Post>(1, 10, {
        fields: 'id,title',
        sort: 'title',
        filter: 'views >= 3',
      });
      expect(list.items).toEqual([
        { id: IDS.postBob, title: 'Shrinking Day' },
        { id: IDS.postPublished, title: 'The Giant Garden' },
      ]);
      expect(list.totalItems).toBe(2);

      const excerpt = await guest()
        .collection('posts')
        .getList<Post>(1, 10, {
          fields: 'id,body:excerpt(4,true)',
          filter: `id = "${IDS.postPublished}"`,
        });
      expect(excerpt.items).toEqual([{ id: IDS.postPublished, body: 'Once...' }]);
    });

    it('skipTotal gives -1 totals', async () => {
      const list = await guest().collection('posts').getList<Post>(1, 30, { skipTotal: true });
      expect(list.totalItems).toBe(-1);
      expect(list.totalPages).toBe(-1);
      expect(list.items.length).toBeGreaterThanOrEqual(2);
    });

    it('an invalid filter is a 400 and a superusers-only collection a 403', async () => {
      const bad = await rejection(guest().collection('posts').getList(1, 30, { filter: 'title =' }));
      expect(bad.status).toBe(400);
      const refs = await rejection(
        guest().collection('posts').getList(1, 30, { filter: '@request.auth.id != ""' }),
      );
      expect(refs.status).toBe(403);
      const alice = await member('alice');
      const secrets = await rejection(alice.collection('secrets').getList());
      expect(secrets.status).toBe(403);
      expect(secrets.message).toBe('Only superusers can perform this action.');
    });
  });

  describe('getFullList', () => {
    for (const batch of [1, 2, 1000]) {
      it(`returns every visible post and stops (batch ${batch})`, async () => {
        const alice = await member('alice');
        const expected = await alice.collection('posts').getList<Post>(1, 1000, { sort: 'title' });
        expect(expected.totalItems).toBeGreaterThanOrEqual(3);
        let requests = 0;
        alice.beforeSend = (requestUrl, options) => {
          requests++;
          return { url: requestUrl, options };
        };
        const all = await alice.collection('posts').getFullList<Post>({ batch, sort: 'title' });
        expect(all.map((p) => p.id)).toEqual(expected.items.map((p) => p.id));
        expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
        // The SDK asks for the next page until a page is not full: n/batch full pages, then one more.
        expect(requests).toBe(Math.floor(expected.totalItems / batch) + 1);
      });
    }

    it('returns only what the caller may list', async () => {
      const all = await guest().collection('posts').getFullList<Post>({ batch: 1 });
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(all.every((p) => p.published)).toBe(true);
      expect(all.map((p) => p.id)).not.toContain(IDS.postDraft);

      const bob = await member('bob');
      const comments = await bob.collection('comments').getFullList<Comment>({ batch: 1, sort: 'text' });
      expect(comments.map((c) => c.id)).toEqual([IDS.comment1, IDS.comment2]);
      expect(await guest().collection('comments').getFullList({ batch: 2 })).toEqual([]);
    });
  });

  describe('getFirstListItem', () => {
    it('finds the first match', async () => {
      const post = await guest().collection('posts').getFirstListItem<Post>('title = "Shrinking Day"');
      expect(post.id).toBe(IDS.postBob);
      const byRelation = await (
        await member('bob')
      )
        .collection('posts')
        .getFirstListItem<Post>('author.username = "alice" && published = true', { expand: 'author' });
      expect(byRelation.id).toBe(IDS.postPublished);
      expect(byRelation.expand?.author?.id).toBe(IDS.alice);
    });

    it("rejects with the SDK's 404 when nothing matches (or the match is hidden)", async () => {
      const none = await rejection(guest().collection('posts').getFirstListItem('title = "no such post"'));
      expect(none.status).toBe(404);
      expect((none.response as ErrorBody).message).toBe("The requested resource wasn't found.");
      const hidden = await rejection(guest().collection('posts').getFirstListItem(`id = "${IDS.postDraft}"`));
      expect(hidden.status).toBe(404);
    });
  });

  describe('getOne', () => {
    it('returns a visible record', async () => {
      const post = await guest().collection('posts').getOne<Post>(IDS.postPublished);
      expect(post).toMatchObject({ id: IDS.postPublished, title: 'The Giant Garden', author: IDS.alice });
      const draft = await (await member('alice')).collection('posts').getOne<Post>(IDS.postDraft);
      expect(draft.published).toBe(false);
      const moderated = await (await member('mod')).collection('posts').getOne<Post>(IDS.postDraft);
      expect(moderated.id).toBe(IDS.postDraft);
    });

    it('is a 404 for a hidden draft', async () => {
      const asGuest = await rejection(guest().collection('posts').getOne(IDS.postDraft));
      expect(asGuest.status).toBe(404);
      expect(asGuest.message).toBe("The requested resource wasn't found.");
      const asBob = await rejection((await member('bob')).collection('posts').getOne(IDS.postDraft));
      expect(asBob.status).toBe(404);
      const missing = await rejection(guest().collection('posts').getOne('doesnotexist123'));
      expect(missing.status).toBe(404);
    });

    it('is a 403 on the superusers-only secrets for a member, 200 for a superuser', async () => {
      const alice = await member('alice');
      const error = await rejection(alice.collection('secrets').getOne(IDS.secret));
      expect(error.status).toBe(403);
      expect(error.message).toBe('Only superusers can perform this action.');
      const secret = await (await superuser()).collection('secrets').getOne<Secret>(IDS.secret);
      expect(secret.value).toBe('hush');
    });

    it('expands the author and the back-relation with nested authors', async () => {
      const bob = await member('bob');
      const post = await bob
        .collection('posts')
        .getOne<Post>(IDS.postPublished, { expand: 'author,comments_via_post.author' });
      expect(post.expand?.author?.id).toBe(IDS.alice);
      const comments = [...(post.expand?.comments_via_post ?? [])].sort((a, b) => a.id.localeCompare(b.id));
      expect(comments.map((c) => c.id)).toEqual([IDS.comment1, IDS.comment2]);
      expect(comments.map((c) => c.expand?.author?.username)).toEqual(['bob', 'alice']);
      // Bob's own email is his; mod's stays private, alice's is public.
      expect(comments[0]?.expand?.author?.email).toBe('bob@example.com');

      // Guests cannot view members, so the author expand stays empty.
      const asGuest = await guest().collection('posts').getOne<Post>(IDS.postPublished, { expand: 'author' });
      expect(asGuest.expand?.author).toBeUndefined();
    });
  });

  describe('create, update, delete', () => {
    it('creates a post as its author (200 with the full record)', async () => {
      const alice = await member('alice');
      const title = uniqueTitle('created');
      const post = await alice.collection('posts').create<Post>({ title, author: IDS.alice, tags: ['tiny'] });
      expect(post).toMatchObject({
        collectionName: 'posts',
        title,
        author: IDS.alice,
        published: false,
        views: 0,
        tags: ['tiny'],
      });
      expect(post.id).toMatch(/^[a-z0-9]{15}$/);
      const again = await alice.collection('posts').getOne<Post>(post.id);
      expect(again.title).toBe(title);
    });

    it('a failing create rule is 400 "Failed to create record."', async () => {
      const alice = await member('alice');
      const forSomeoneElse = await rejection(
        alice.collection('posts').create({ title: uniqueTitle('not mine'), author: IDS.bob }),
      );
      expect(forSomeoneElse.status).toBe(400);
      expect(forSomeoneElse.message).toBe('Failed to create record.');
      expect((forSomeoneElse.response as ErrorBody).data).toEqual({});

      const publishing = await rejection(
        alice
          .collection('posts')
          .create({ title: uniqueTitle('published'), author: IDS.alice, published: true }),
      );
      expect(publishing.status).toBe(400);
      expect(publishing.message).toBe('Failed to create record.');

      const anonymous = await rejection(
        guest()
          .collection('posts')
          .create({ title: uniqueTitle('anon'), author: IDS.alice }),
      );
      expect(anonymous.status).toBe(400);
      expect(anonymous.message).toBe('Failed to create record.');

      // Nothing was written by the refused attempts.
      const su = await superuser();
      const leftovers = await su
        .collection('posts')
        .getFullList<Post>({ filter: 'title ~ "not mine" || title ~ "anon #"' });
      expect(leftovers).toEqual([]);

      // A moderator may publish directly.
      const mod = await member('mod');
      const byMod = await mod
        .collection('posts')
        .create<Post>({ title: uniqueTitle('mod published'), author: IDS.mod, published: true });
      expect(byMod.published).toBe(true);
    });

    it("updating someone else's post is a 404, one's own a 200", async () => {
      const alice = await member('alice');
      const notMine = await rejection(alice.collection('posts').update(IDS.postBob, { title: 'hijacked' }));
      expect(notMine.status).toBe(404);
      expect(notMine.message).toBe("The requested resource wasn't found.");
      const bob = await member('bob');
      const stillBobs = await bob.collection('posts').getOne<Post>(IDS.postBob);
      expect(stillBobs.title).toBe('Shrinking Day');

      const post = await aliceDraft(alice);
      const title = uniqueTitle('renamed');
      const updated = await alice.collection('posts').update<Post>(post.id, { title, body: '<p>hi</p>' });
      expect(updated).toMatchObject({ id: post.id, title, body: '<p>hi</p>' });
      // The update rule forbids changing `published`.
      const publish = await rejection(alice.collection('posts').update(post.id, { published: true }));
      expect(publish.status).toBe(404);
      const asGuest = await rejection(guest().collection('posts').update(IDS.postPublished, { title: 'x' }));
      expect(asGuest.status).toBe(404);
    });

    it('deletes (true / 204), after which getOne is a 404', async () => {
      const alice = await member('alice');
      const post = await aliceDraft(alice);
      const bob = await member('bob');
      const notBobs = await rejection(bob.collection('posts').delete(post.id));
      expect(notBobs.status).toBe(404);

      let status = 0;
      alice.afterSend = (response, data: unknown) => {
        status = response.status;
        return data;
      };
      await expect(alice.collection('posts').delete(post.id)).resolves.toBe(true);
      expect(status).toBe(204);
      const gone = await rejection(alice.collection('posts').getOne(post.id));
      expect(gone.status).toBe(404);
      const again = await rejection(alice.collection('posts').delete(post.id));
      expect(again.status).toBe(404);
    });

    it('number modifiers add and subtract', async () => {
      const alice = await member('alice');
      const post = await aliceDraft(alice, { views: 5 });
      const plus = await alice.collection('posts').update<Post>(post.id, { 'views+': 2 });
      expect(plus.views).toBe(7);
      const minus = await alice.collection('posts').update<Post>(post.id, { 'views-': 3 });
      expect(minus.views).toBe(4);
      expect((await alice.collection('posts').getOne<Post>(post.id)).views).toBe(4);
    });

    it('select modifiers append, prepend and remove', async () => {
      const alice = await member('alice');
      const post = await aliceDraft(alice, { tags: ['tiny'] });
      const appended = await alice.collection('posts').update<Post>(post.id, { 'tags+': 'growing' });
      expect(appended.tags).toEqual(['tiny', 'growing']);
      const duplicate = await alice.collection('posts').update<Post>(post.id, { 'tags+': 'growing' });
      expect(duplicate.tags).toEqual(['tiny', 'growing']);
      const prepended = await alice.collection('posts').update<Post>(post.id, { '+tags': 'giant' });
      expect(prepended.tags).toEqual(['giant', 'tiny', 'growing']);
      const removed = await alice.collection('posts').update<Post>(post.id, { 'tags-': ['tiny', 'giant'] });
      expect(removed.tags).toEqual(['growing']);
      expect((await alice.collection('posts').getOne<Post>(post.id)).tags).toEqual(['growing']);
    });

    it('a duplicate title is 400 with data.title.code validation_not_unique', async () => {
      const alice = await member('alice');
      const created = await rejection(
        alice.collection('posts').create({ title: 'The Giant Garden', author: IDS.alice }),
      );
      expect(created.status).toBe(400);
      expect(created.message).toBe('Failed to create record.');
      expect((created.response as ErrorBody).data.title?.code).toBe('validation_not_unique');

      const post = await aliceDraft(alice);
      const updated = await rejection(alice.collection('posts').update(post.id, { title: 'Shrinking Day' }));
      expect(updated.status).toBe(400);
      expect(updated.message).toBe('Failed to update record.');
      expect((updated.response as ErrorBody).data.title?.code).toBe('validation_not_unique');
    });
  });

  describe('pb.filter()', () => {
    it('round-trips quotes, backslashes and newlines', async () => {
      const alice = await member('alice');
      const t = `He said "hi" & 'bye' \\ back\\\\slash \\" {:t} 100%_done\nsecond line ✓ ${++titles}`;
      const filter = alice.filter('title = {:t}', { t });
      expect(filter).toBe(`title = ${JSON.stringify(t)}`);
      const post = await alice.collection('posts').create<Post>({ title: t, author: IDS.alice });
      expect(post.title).toBe(t);

      const found = await alice.collection('posts').getFirstListItem<Post>(filter);
      expect(found.id).toBe(post.id);
      expect(found.title).toBe(t);
      const list = await alice.collection('posts').getList<Post>(1, 10, { filter });
      expect(list.items.map((p) => p.id)).toEqual([post.id]);

      // `~` escapes lone backslashes for LIKE (a doubled one counts as already escaped, as in PocketBase).
      for (const s of [`'bye' \\ back`, `slash \\" {:t}`, 'said "hi" & \'bye\'']) {
        const contains = await alice
          .collection('posts')
          .getFullList<Post>({ filter: alice.filter('title ~ {:s}', { s }) });
        expect(
          contains.map((p) => p.id),
          s,
        ).toEqual([post.id]);
      }
      // A literal that already has a `%` is used as the whole LIKE pattern (the caller places wildcards).
      const wildcard = await alice.collection('posts').getFullList<Post>({
        filter: alice.filter('title ~ {:s} && author = {:a}', {
          s: 'He said%100\\%\\_done%second line%',
          a: IDS.alice,
        }),
      });
      expect(wildcard.map((p) => p.id)).toEqual([post.id]);
      const other = await alice
        .collection('posts')
        .getFullList<Post>({ filter: alice.filter('title = {:t}', { t: t.replace('\n', ' ') }) });
      expect(other).toEqual([]);
    });

    it('binds numbers, booleans, null and dates', async () => {
      const pb = guest();
      const list = await pb.collection('posts').getFullList<Post>({
        filter: pb.filter('views >= {:min} && published = {:pub} && meta = {:none} && created < {:later}', {
          min: 10,
          pub: true,
          none: null,
          later: new Date(Date.now() + 86_400_000),
        }),
      });
      expect(list.map((p) => p.id)).toEqual([IDS.postPublished]);
    });
  });

  describe('cascade delete', () => {
    it('deleting a post removes its comments (checked as superuser)', async () => {
      const alice = await member('alice');
      const bob = await member('bob');
      const post = await aliceDraft(alice);
      const c1 = await alice
        .collection('comments')
        .create<Comment>({ post: post.id, author: IDS.alice, text: 'mine' });
      const c2 = await bob
        .collection('comments')
        .create<Comment>({ post: post.id, author: IDS.bob, text: 'his' });
      const su = await superuser();
      const onPost = su.filter('post = {:p}', { p: post.id });
      const before = await su.collection('comments').getFullList<Comment>({ filter: onPost });
      expect(sortedIds(before)).toEqual([c1.id, c2.id].sort());

      await expect(alice.collection('posts').delete(post.id)).resolves.toBe(true);

      expect(await su.collection('comments').getFullList<Comment>({ filter: onPost })).toEqual([]);
      const gone = await rejection(su.collection('comments').getOne(c1.id));
      expect(gone.status).toBe(404);
      const postGone = await rejection(su.collection('posts').getOne(post.id));
      expect(postGone.status).toBe(404);
      // The fixture's own comments are untouched.
      const rest = await su
        .collection('comments')
        .getFullList<Comment>({ filter: `post = "${IDS.postPublished}"` });
      expect(sortedIds(rest)).toEqual([IDS.comment1, IDS.comment2]);
    });
  });

  describe('collections API (superuser)', () => {
    it('lists the collections', async () => {
      const su = await superuser();
      const all = await su.collections.getFullList();
      const names = all.map((c) => c.name);
      expect(names).toEqual(
        expect.arrayContaining(['_superusers', 'members', 'posts', 'comments', 'secrets']),
      );
      const posts = all.find((c) => c.name === 'posts');
      expect(posts?.type).toBe('base');
      expect(posts?.fields.map((f) => f.name)).toEqual(
        expect.arrayContaining(['id', 'title', 'author', 'tags']),
      );
      const one = await su.collections.getOne('posts');
      expect(one.id).toBe(posts?.id);
    });

    it('is refused to guests (401) and members (403)', async () => {
      expect((await rejection(guest().collections.getFullList())).status).toBe(401);
      expect((await rejection((await member('alice')).collections.getFullList())).status).toBe(403);
      const create = await rejection(
        (await member('mod')).collections.create({ name: 'nope', type: 'base', fields: [] }),
      );
      expect(create.status).toBe(403);
    });

    it('creates, updates (add + rename keeps data), truncates and deletes a collection', async () => {
      const su = await superuser();
      const created = await su.collections.create({
        name: 'sdk_notes',
        type: 'base',
        listRule: '',
        viewRule: '',
        createRule: "@request.auth.id != ''",
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: 'label', type: 'text', required: true, max: 100 },
          { name: 'count', type: 'number' },
        ],
      });
      expect(created.name).toBe('sdk_notes');
      expect(created.id).toBeTruthy();
      expect(created.listRule).toBe('');
      expect(created.createRule).toBe("@request.auth.id != ''");
      expect(created.updateRule).toBeNull();
      expect(created.fields.map((f) => f.name)).toEqual(['id', 'label', 'count']);
      expect((await su.collections.getFullList()).map((c) => c.name)).toContain('sdk_notes');

      // Its rules work straight away.
      const one = await su.collection('sdk_notes').create<Note>({ label: 'one', count: 1 });
      const alice = await member('alice');
      const two = await alice.collection('sdk_notes').create<Note>({ label: 'two', count: 2 });
      const anon = await rejection(guest().collection('sdk_notes').create({ label: 'three' }));
      expect(anon.status).toBe(400);
      const locked = await rejection(alice.collection('sdk_notes').update(two.id, { label: 'changed' }));
      expect(locked.status).toBe(403);
      const invalid = await rejection(su.collection('sdk_notes').create({ count: 3 }));
      expect(invalid.status).toBe(400);
      expect((invalid.response as ErrorBody).data.label?.code).toBe('validation_required');

      const fields = created.fields.map((f) => (f.name === 'label' ? { ...f, name: 'title' } : f));
      const updated = await su.collections.update(created.id, {
        fields: [...fields, { name: 'extra', type: 'bool' }],
      });
      expect(updated.id).toBe(created.id);
      expect(updated.fields.map((f) => f.name)).toEqual(['id', 'title', 'count', 'extra']);
      expect(updated.fields.find((f) => f.name === 'title')?.id).toBe(
        created.fields.find((f) => f.name === 'label')?.id,
      );

      const notes = await guest().collection('sdk_notes').getFullList<Note>({ sort: 'count' });
      expect(notes).toEqual([
        expect.objectContaining({ id: one.id, title: 'one', count: 1, extra: false }),
        expect.objectContaining({ id: two.id, title: 'two', count: 2, extra: false }),
      ]);
      expect(notes[0]).not.toHaveProperty('label');
      const filtered = await guest().collection('sdk_notes').getFullList<Note>({ filter: 'title = "two"' });
      expect(filtered.map((n) => n.id)).toEqual([two.id]);
      const oldName = await rejection(
        guest().collection('sdk_notes').getList(1, 10, { filter: 'label = "two"' }),
      );
      expect(oldName.status).toBe(400);

      await expect(su.collections.truncate('sdk_notes')).resolves.toBe(true);
      expect(await guest().collection('sdk_notes').getFullList()).toEqual([]);
      expect((await su.collections.getOne('sdk_notes')).id).toBe(created.id);

      await expect(su.collections.delete('sdk_notes')).resolves.toBe(true);
      expect((await rejection(su.collections.getOne('sdk_notes'))).status).toBe(404);
      const records = await rejection(guest().collection('sdk_notes').getList());
      expect(records.status).toBe(404);
      expect(records.message).toBe('Missing collection context.');
      expect((await su.collections.getFullList()).map((c) => c.name)).not.toContain('sdk_notes');
    });
  });

  describe('settings API (superuser)', () => {
    it('reads and updates the settings', async () => {
      const su = await superuser();
      const before = await su.settings.getAll();
      const meta = before.meta as { appName: string; senderAddress: string };
      expect(typeof meta.appName).toBe('string');

      const after = await su.settings.update({ meta: { appName: 'X' } });
      expect((after.meta as { appName: string }).appName).toBe('X');
      // A partial update keeps the other settings.
      expect((after.meta as { senderAddress: string }).senderAddress).toBe(meta.senderAddress);
      const reread = await (await superuser()).settings.getAll();
      expect((reread.meta as { appName: string }).appName).toBe('X');

      const invalid = await rejection(su.settings.update({ meta: { appName: '' } }));
      expect(invalid.status).toBe(400);
      expect(((await su.settings.getAll()).meta as { appName: string }).appName).toBe('X');
    });

    it('is refused to guests (401) and members (403)', async () => {
      expect((await rejection(guest().settings.getAll())).status).toBe(401);
      const alice = await member('alice');
      expect((await rejection(alice.settings.getAll())).status).toBe(403);
      expect((await rejection(alice.settings.update({ meta: { appName: 'Y' } }))).status).toBe(403);
    });
  });
});
