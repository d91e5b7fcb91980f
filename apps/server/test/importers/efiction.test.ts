/**
 * `import efiction` against a real MariaDB holding an eFiction archive of the tests' own making
 * (efiction-fixture.ts), into the community on each dialect: every mapping rule of the import, its
 * idempotence, its dry run, and how an imported member claims the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEfiction } from '../../src/importers/efiction/import';
import type { ImportReport } from '../../src/importers/report';
import { OLD_PASSWORD_TOO_WEAK } from '../../src/site/imported-accounts';
import { describeEachDialect } from '../support/databases';
import { createTestMariadb, mariadbAvailable, type TestMariadb } from '../support/mariadb';
import { apiCaller, buildCommunity, signIn, type Community } from '../support/community';
import { HOSTILE_HTML, OLD_PASSWORDS, TEXTS, loadEfictionArchive, when } from './efiction-fixture';

type Item = Record<string, unknown> & { id: string };

const isoOf = (seconds: number, plus = 0) =>
  new Date((seconds + plus) * 1000).toISOString().replace('T', ' ');

describe.skipIf(!mariadbAvailable())('eFiction import', () => {
  describeEachDialect('eFiction import', (getDb) => {
    let community: Community;
    let call: ReturnType<typeof apiCaller>;
    let source: TestMariadb;
    let dryRun: ImportReport;
    let report: ImportReport;
    const countsBefore: Record<string, number> = {};
    const countsAfterDryRun: Record<string, number> = {};

    /** Every record of a collection, as a superuser reads them (JSON as the API gives it). */
    const all = async (collection: string, query = ''): Promise<Item[]> => {
      const res = await call('superuser', 'GET', `collections/${collection}/records?perPage=500${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Item[] }>().items;
    };
    const total = async (collection: string) => (await all(collection)).length;
    const userNamed = async (username: string) =>
      (await all('users', `&filter=(username='${username}')`))[0]!;
    const profileOf = async (user: string) => (await all('profiles', `&filter=(user='${user}')`))[0]!;
    const postTitled = async (title: string) => {
      const found = await all('posts', `&filter=${encodeURIComponent(`title="${title}"`)}`);
      expect(found, title).toHaveLength(1);
      return found[0]!;
    };
    const storyOf = async (post: string) => (await all('stories', `&filter=(post='${post}')`))[0]!;
    const labelNamed = async (name: string) =>
      (await all('labels', `&filter=${encodeURIComponent(`name="${name}"`)}`))[0]!;
    const tagNamed = async (name: string) =>
      (await all('tags', `&filter=${encodeURIComponent(`name="${name}"`)}`))[0]!;

    beforeAll(async () => {
      community = await buildCommunity(getDb());
      call = apiCaller(community);
      source = await createTestMariadb();
      // Author 8 has the email of alice, a member here with a verified email.
      await loadEfictionArchive(source, { existingEmail: 'Alice@example.com' });
      for (const name of [
        'users',
        'posts',
        'comments',
        'favorites',
        'follows',
        'labels',
        'tags',
        'import_links',
        'notifications',
      ])
        countsBefore[name] = await total(name);
      dryRun = await importEfiction(community.core, { db: source.url, dryRun: true });
      for (const name of Object.keys(countsBefore)) countsAfterDryRun[name] = await total(name);
      report = await importEfiction(community.core, { db: source.url });
    });
    afterAll(async () => {
      await community.server.close();
      await source.drop();
    });

    it('a dry run writes nothing and counts exactly what the import then brought', () => {
      expect(countsAfterDryRun).toEqual(countsBefore);
      expect(Object.fromEntries(dryRun.imported)).toEqual(Object.fromEntries(report.imported));
      expect(dryRun.imported.get('members')).toBe(7);
      expect(dryRun.lines(true)[0]).toMatch(/^Dry run: nothing was written/);
      // What the dry run saw is what the real import then had to write: nothing was there before it.
      expect(report.already.size).toBe(0);
    });

    it('pen names become valid, unique usernames; display names stay the pen names', async () => {
      const expected: Array<[string, string]> = [
        ['gentle_giantess', 'Gentle Giantess'],
        ['tiny_tom', 'Tiny Tom'],
        ['tiny_tom-2', 'tiny tom'],
        ['jo-4', 'Jo'],
        ['author-5', '小さい巨人'],
        ['ms._hostile', 'Ms. Hostile'],
      ];
      for (const [username, name] of expected) {
        const user = await userNamed(username);
        expect(user, username).toBeDefined();
        expect((await profileOf(user.id)).name).toBe(name);
        expect((await profileOf(user.id)).username).toBe(username);
      }
      const notes = report.notes.get('Pen names that sign in with another username') ?? [];
      expect(notes).toContain('"tiny tom" -> tiny_tom-2');
    });

    it('members keep their email, bio (markdown), joined date and website; they start unverified and unmigrated', async () => {
      const giantess = await userNamed('gentle_giantess');
      expect(giantess).toMatchObject({
        email: 'giantess@example.com',
        verified: false,
        unmigrated: true,
        birthday: '',
      });
      expect(giantess.created).toBe(isoOf(when('2009-05-01T10:00:00Z')));
      const profile = await profileOf(giantess.id);
      expect(profile.bio).toBe(TEXTS.giantessBio);
      expect(profile.socials).toEqual({ link1: 'https://giantess.example.com' });
      const unmigrated = await all('unmigrated_users');
      expect(unmigrated.map((u) => u.username)).toEqual(
        expect.arrayContaining(['gentle_giantess', 'tiny_tom', 'jo-4']),
      );
      // Two authors shared tom@example.com: the second has an address that receives no mail.
      expect((await userNamed('tiny_tom')).email).toBe('tom@example.com');
      expect((await userNamed('tiny_tom-2')).email).toBe('tiny_tom-2@imported.invalid');
      expect((await userNamed('jo-4')).email).toBe('jo-4@imported.invalid');
    });

    it('latin1 tables holding UTF-8 and Windows-1252 bytes come out exact', async () => {
      const tom = await userNamed('tiny_tom');
      expect((await profileOf(tom.id)).bio).toBe(TEXTS.tomBio);
      expect((await postTitled('Pocket Sized')).description).toBe(TEXTS.pocketSummary);
      const lighthouse = await storyOf((await postTitled('The Lighthouse Keeper')).id);
      expect(lighthouse.content).toContain(TEXTS.lighthouseText);
      const cat = await storyOf((await postTitled('Pocket Sized: The Cat')).id);
      expect(cat.content).toBe(TEXTS.catText);
      for (const text of [JSON.stringify(await all('profiles')), JSON.stringify(await all('stories'))])
        expect(text).not.toMatch(/Ã|â€|Â/);
    });

    it('a locked eFiction account stays banned; a verified member here with the same email gets the works', async () => {
      expect((await userNamed('locked_larry')).is_banned).toBe(true);
      expect(await all('users', `&filter=(username='already_here')`)).toHaveLength(0);
      expect(report.imported.get('members joined to their account here')).toBe(1);
    });

    it('a validated one-chapter story is a published story dated as in eFiction, with its summary as description', async () => {
      const post = await postTitled('The Lighthouse Keeper');
      const date = isoOf(when('2010-01-02T03:04:05Z'));
      expect(post).toMatchObject({
        type: 'story',
        description: 'A giantess keeps watch over a tiny village.',
        published: date,
        created: date,
        submitted: '',
      });
      const story = await storyOf(post.id);
      expect(story.series).toBe('');
      expect(story.created).toBe(date);
      // The story's notes stand above the first chapter.
      expect(story.content).toMatch(/^> \*\*Story notes\*\*\n>\n> Written for the 2010 challenge\./);
    });

    it('co-authors become contributors, the author first', async () => {
      const post = await postTitled('The Lighthouse Keeper');
      const [giantess, tom] = [await userNamed('gentle_giantess'), await userNamed('tiny_tom')];
      expect(post.contributors).toEqual([giantess.id, tom.id]);
    });

    it('a multi-chapter story becomes a series named after it, one story per chapter in inorder order', async () => {
      const seriesPost = await postTitled('Pocket Sized');
      expect(seriesPost).toMatchObject({ type: 'series', published: isoOf(when('2010-02-01T00:00:00Z')) });
      const [series] = await all('series', `&filter=(post='${seriesPost.id}')`);
      const titles: string[] = [];
      for (const storyId of series!.stories as string[]) {
        const story = (await all('stories', `&filter=(id='${storyId}')&expand=post`))[0]!;
        expect(story.series).toBe(series!.id);
        titles.push(String((story.expand as { post: Item }).post.title));
      }
      // eFiction wrote them as 113, 111, 112; readers read 113, 112, 111.
      expect(titles).toEqual(['Pocket Sized: Waking Up', 'Pocket Sized: Breakfast', 'Pocket Sized: The Cat']);
      const breakfast = await storyOf((await postTitled('Pocket Sized: Breakfast')).id);
      expect(breakfast.content).toBe(`> **Author's notes**\n>\n> Short one.\n\n${TEXTS.breakfastText}`);
    });

    it('an unvalidated story stays its author’s draft, out of the content queue', async () => {
      const post = await postTitled('Unfinished Business');
      expect(post).toMatchObject({ published: '', submitted: '' });
      expect(await all('posts', `&filter=(submitted!='')`)).toHaveLength(1); // the cast's own draft only
    });

    it('an eFiction series is a series of its stories’ chapters, story after story in inseries order', async () => {
      const seriesPost = await postTitled('The Saga');
      expect(seriesPost.type).toBe('series');
      const [series] = await all('series', `&filter=(post='${seriesPost.id}')&expand=stories.post`);
      const chapters = (series!.expand as { stories: Item[] }).stories;
      expect(chapters.map((s) => (s.expand as { post: Item }).post.title)).toEqual([
        'Saga Part One',
        'Saga Part Two: Arrival',
        'Saga Part Two: Departure',
      ]);
      // A multi-chapter story inside an eFiction series is not a series of its own as well.
      expect(await all('posts', `&filter=${encodeURIComponent('title="Saga Part Two"')}`)).toHaveLength(0);
      expect(report.skipped.get('series: no stories')).toBe(1);
    });

    it('categories are labels with their parents; warnings, ratings and status hang under their own labels', async () => {
      const giantess = await labelNamed('Giantess');
      expect(giantess).toMatchObject({
        parent: '',
        isCategory: true,
        description: 'Stories of giant women.',
      });
      expect(await labelNamed('Gentle')).toMatchObject({ parent: giantess.id, isCategory: true });
      const warnings = await labelNamed('Warnings');
      expect(await labelNamed('Peril')).toMatchObject({ parent: warnings.id });
      expect(await labelNamed('Mature')).toMatchObject({ parent: (await labelNamed('Rating')).id });
      expect(await labelNamed('Amazon (7-15 ft)')).toMatchObject({ parent: (await labelNamed('Growth')).id });
      const status = await labelNamed('Status');
      expect(await labelNamed('Complete')).toMatchObject({ parent: status.id });
      expect(await labelNamed('In progress')).toMatchObject({ parent: status.id });
      const lighthouse = await postTitled('The Lighthouse Keeper');
      const labelIds = ['Gentle', 'Peril', 'Amazon (7-15 ft)', 'Mature', 'Complete'].map(
        async (n) => (await labelNamed(n)).id,
      );
      expect(lighthouse.labels).toEqual(await Promise.all(labelIds));
      // Genres and characters are tags.
      expect(lighthouse.tags).toEqual([(await tagNamed('Romance')).id, (await tagNamed('Edda')).id]);
      expect((await postTitled('Pocket Sized: Waking Up')).labels).toContain(
        (await labelNamed('In progress')).id,
      );
    });

    it('reviews become comments; guests keep their name in the text; an author’s response is the author’s reply', async () => {
      const lighthouse = await postTitled('The Lighthouse Keeper');
      const comments = await all('comments', `&filter=(target='${lighthouse.id}')&sort=created`);
      const [tom, giantess] = [await userNamed('tiny_tom'), await userNamed('gentle_giantess')];
      const guest = await userNamed('archive-guests');
      expect(comments.map((c) => [c.author, c.content])).toEqual([
        [tom.id, 'Lovely lanterns!'],
        [giantess.id, 'Thank you, Tom — truly.'],
        [guest.id, '*A review by Tiny Tom, a guest of the old archive:*\n\nGuest here, **loved** it.'],
      ]);
      expect(comments[1]!.reply).toBe(comments[0]!.id);
      expect(comments[0]!.created).toBe(isoOf(when('2010-01-05T00:00:00Z')));
      expect((await profileOf(guest.id)).name).toBe('Guest reviewer');
      // Counters moved as for any comment; the rating-only review was left out.
      expect(lighthouse.comment_count).toBe(3);
      expect(report.skipped.get('reviews: a rating only, no text')).toBe(1);
      // A review of a chapter is on that chapter; a review of a series is on the series.
      const breakfast = await postTitled('Pocket Sized: Breakfast');
      expect((await all('comments', `&filter=(target='${breakfast.id}')`)).map((c) => c.content)).toEqual([
        'Breakfast made me laugh.',
      ]);
      const saga = await postTitled('The Saga');
      expect((await all('comments', `&filter=(target='${saga.id}')`)).map((c) => c.content)).toEqual([
        'Great saga.',
      ]);
    });

    it('favorites of stories and series are favorites, of authors follows; self-follows and drafts are left out', async () => {
      const tom = await userNamed('tiny_tom');
      const favorites = await all('favorites', `&filter=(user='${tom.id}')`);
      const targets = await Promise.all(
        ['The Lighthouse Keeper', 'Pocket Sized', 'The Saga'].map(async (t) => (await postTitled(t)).id),
      );
      expect(favorites.map((f) => [f.target, f.type]).sort()).toEqual(
        [
          [targets[0], 'story'],
          [targets[1], 'series'],
          [targets[2], 'series'],
        ].sort(),
      );
      expect((await postTitled('The Lighthouse Keeper')).favorite_count).toBe(1);
      const giantess = await userNamed('gentle_giantess');
      expect((await all('follows')).map((f) => [f.user, f.author])).toEqual([[tom.id, giantess.id]]);
      expect(report.skipped.get('follows: of oneself')).toBe(1);
      expect(report.skipped.get('favorites: of a work that is not published')).toBe(1);
    });

    it('hostile HTML is sanitised away while its formatting stays', async () => {
      const hostile = await userNamed('ms._hostile');
      const texts = [
        String((await profileOf(hostile.id)).bio),
        String((await storyOf((await postTitled('Hostile Story')).id)).content),
        ...(await all('comments', `&filter=(author='${hostile.id}')`)).map((c) => String(c.content)),
      ];
      expect(texts).toHaveLength(3);
      for (const text of texts) {
        expect(text).not.toMatch(/<script|alert|onerror|onclick|javascript:|<iframe|<style|color:red/i);
        expect(text).toContain('**Bold** and *italic*');
        expect(text).toContain('-   one\n-   two');
        expect(text).toContain('[a fine link](https://example.com/ok)');
      }
      expect((await postTitled('Hostile Story')).description).not.toMatch(/script|alert/);
      expect(HOSTILE_HTML).toContain('<script>');
    });

    it('nobody is notified of history', async () => {
      // Comments, replies, favorites and follows were written, and would each have told someone.
      expect(report.imported.get('comments')).toBeGreaterThan(0);
      expect(await total('notifications')).toBe(countsBefore.notifications);
    });

    it('running again adds nothing and keeps what members changed since', async () => {
      const post = await postTitled('The Lighthouse Keeper');
      const res = await call('superuser', 'PATCH', `collections/posts/records/${post.id}`, {
        title: 'Renamed by her',
      });
      expect(res.statusCode, res.body).toBe(200);
      const counts: Record<string, number> = {};
      for (const name of Object.keys(countsBefore)) counts[name] = await total(name);
      const again = await importEfiction(community.core, { db: source.url });
      expect(again.imported.size).toBe(0);
      expect(again.already.get('members')).toBe(8);
      for (const name of Object.keys(countsBefore)) expect(await total(name), name).toBe(counts[name]);
      expect((await all('posts', `&filter=(id='${post.id}')`))[0]!.title).toBe('Renamed by her');
      expect(counts.users! - countsBefore.users!).toBe(8); // seven authors and the guest reviewer account
    });

    it('an imported member signs in once with the old password, which then becomes the site’s own', async () => {
      expect((await signIn(community, 'gentle_giantess', 'not the password')).status).toBe(400);
      const first = await signIn(community, 'gentle_giantess', OLD_PASSWORDS.giantess);
      expect(first.status, first.body.message).toBe(200);
      const user = await userNamed('gentle_giantess');
      expect(user.unmigrated).toBe(false);
      expect(await all('legacy_credentials', `&filter=(user='${user.id}')`)).toHaveLength(0);
      expect((await all('unmigrated_users')).map((u) => u.username)).not.toContain('gentle_giantess');
      const stored = await community.core.db.kysely
        .selectFrom('users')
        .select('password')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(String(stored.password)).toMatch(/^\$2[aby]\$/);
      // The same password goes on working, now against the site's hash.
      expect((await signIn(community, 'giantess@example.com', OLD_PASSWORDS.giantess)).status).toBe(200);
    });

    it('an old password typed on a Latin-1 page works too', async () => {
      expect((await signIn(community, 'tiny_tom', OLD_PASSWORDS.tom)).status).toBe(200);
    });

    it('an old password too weak for this site asks for a reset, and keeps the old hash until then', async () => {
      const res = await signIn(community, 'jo-4', OLD_PASSWORDS.jo);
      expect(res).toMatchObject({ status: 400, body: { message: OLD_PASSWORD_TOO_WEAK } });
      const jo = await userNamed('jo-4');
      expect(await all('legacy_credentials', `&filter=(user='${jo.id}')`)).toHaveLength(1);
    });

    it('a password reset claims the account and forgets the old hash', async () => {
      const hostile = await userNamed('ms._hostile');
      const users = community.core.registry.find('users')!;
      const token = await community.core.tokens.issue(
        users,
        { ...hostile, tokenKey: await tokenKeyOf(hostile.id) },
        'passwordReset',
        {
          email: String(hostile.email),
        },
      );
      const res = await call('guest', 'POST', 'collections/users/confirm-password-reset', {
        token,
        password: 'a brand new passphrase',
        passwordConfirm: 'a brand new passphrase',
      });
      expect(res.statusCode, res.body).toBe(204);
      expect((await userNamed('ms._hostile')).unmigrated).toBe(false);
      expect(await all('legacy_credentials', `&filter=(user='${hostile.id}')`)).toHaveLength(0);
      expect((await signIn(community, 'ms._hostile', 'hostile password 6')).status).toBe(400);
    });

    it('an imported member gives a birthday before they comment', async () => {
      const signedIn = await signIn(community, 'tiny_tom', OLD_PASSWORDS.tom);
      const tom = { token: signedIn.body.token! };
      const target = (await postTitled('The Saga')).id;
      const comment = { target, author: signedIn.body.record!.id, content: 'Back on the new site!' };
      expect((await call(tom, 'POST', 'collections/comments/records', comment)).statusCode).toBe(400);
      const birthday = await call(tom, 'PATCH', `collections/users/records/${signedIn.body.record!.id}`, {
        birthday: '1985-03-03',
      });
      expect(birthday.statusCode, birthday.body).toBe(200);
      const res = await call(tom, 'POST', 'collections/comments/records', comment);
      expect(res.statusCode, res.body).toBe(200);
    });

    async function tokenKeyOf(id: string): Promise<string> {
      const row = await community.core.db.kysely
        .selectFrom('users')
        .select('tokenKey')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return String(row.tokenKey);
    }
  });
});
