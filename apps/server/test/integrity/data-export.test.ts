/**
 * "Download my data" (issue 45): a member asks for a copy of everything they gave the site, once a
 * day; a background job builds the zip; it is announced by a notification and a mail, downloaded with
 * the member's own session, and removed after its days. The zip holds every kind of the member's
 * records, their works as markdown and EPUB, their files, and nothing about anyone else beyond what
 * the other side of a conversation wrote to them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../src/core/mail/mailer';
import { fileKey } from '../../src/core/files/record-files';
import { CLAIM_MINUTES, DAYS, buildPendingExports, removeExpiredExports } from '../../src/site/data-export';
import { sendDueMail } from '../../src/site/mail-queue';
import { formatDate } from '../../src/tools/dates';
import { multipart, png } from '../files/support';
import { describeEachDialect } from '../support/databases';
import { epubcheck, epubcheckAvailable, readZip } from '../support/epubcheck';
import {
  C,
  CAST,
  apiCaller,
  buildCommunity,
  forgetRemembered,
  notificationsOf,
  type Caller,
  type Community,
} from '../support/community';

const DAY_MS = 86_400_000;
/** EPUBCheck starts a Java machine per book: seconds each, more on a busy machine. */
const EPUBCHECK_TIMEOUT = 180_000;

interface ExportRow {
  id: string;
  status: string;
  file: string;
  expires: string;
  user: string;
}

describeEachDialect('downloading one’s data (issue 45)', (getDb) => {
  let community: Community;
  let api: ReturnType<typeof apiCaller>;
  const mails: MailMessage[] = [];
  /** What the test made for alice (and for bob, which must stay out of her zip). */
  const made = { aliceComment: '', bobLike: '', bobStory: '', aliceLike: '', series: '', report: '' };

  const ok = async (who: Caller, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const res = await api(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json<Record<string, unknown> & { id: string }>();
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb(), {
      mailer: {
        send: (message) => {
          mails.push(message);
          return Promise.resolve();
        },
        close: () => Promise.resolve(),
      },
    });
    api = apiCaller(community);
    await ok('superuser', 'PATCH', `collections/users/records/${CAST.bob}`, { verified: true });
    // Alice's avatar, a comment with a file, a like, a favorite, a follow, a mute, a series with
    // her published story, and a report; bob's own like and story, which are his alone.
    const profile = await ok('superuser', 'POST', 'collections/profiles/records', {
      user: CAST.alice,
      name: 'Alice Tall',
    });
    const avatar = await multipart([
      ['avatar', { name: 'me.png', content: await png(8, 8), type: 'image/png' }],
    ]);
    const uploaded = await community.server.inject({
      method: 'PATCH',
      url: `/api/collections/profiles/records/${profile.id}`,
      payload: avatar.payload,
      headers: { ...avatar.headers, authorization: community.token('alice')! },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const comment = await multipart([
      ['target', C.published],
      ['author', CAST.alice],
      ['content', 'Thank you all for reading.'],
      ['attachments', { name: 'sketch.png', content: await png(6, 6, '#aa3366'), type: 'image/png' }],
    ]);
    const commented = await community.server.inject({
      method: 'POST',
      url: '/api/collections/comments/records',
      payload: comment.payload,
      headers: { ...comment.headers, authorization: community.token('alice')! },
    });
    expect(commented.statusCode, commented.body).toBe(200);
    made.aliceComment = commented.json<{ id: string }>().id;
    const bobPost = await ok('bob', 'POST', 'collections/posts/records', {
      type: 'story',
      title: 'Bob’s Big Day',
      contributors: [CAST.bob],
    });
    await ok('bob', 'POST', 'collections/stories/records', { post: bobPost.id, content: 'Big day.' });
    await ok('superuser', 'PATCH', `collections/posts/records/${bobPost.id}`, {
      published: '2026-02-01 00:00:00.000Z',
    });
    made.bobStory = bobPost.id;
    made.aliceLike = (
      await ok('alice', 'POST', 'collections/likes/records', { target: bobPost.id, user: CAST.alice })
    ).id;
    made.bobLike = (
      await ok('bob', 'POST', 'collections/likes/records', { target: C.published, user: CAST.bob })
    ).id;
    await ok('alice', 'POST', 'collections/favorites/records', { target: bobPost.id, user: CAST.alice });
    await ok('alice', 'POST', 'collections/follows/records', { user: CAST.alice, author: CAST.bob });
    await ok('alice', 'POST', 'collections/mutes/records', { user: CAST.alice, tag: C.tag });
    await ok('bob', 'POST', 'collections/mutes/records', { user: CAST.bob, tag: C.tag });
    const seriesPost = await ok('alice', 'POST', 'collections/posts/records', {
      type: 'series',
      title: 'Garden Cycle',
      contributors: [CAST.alice],
    });
    made.series = (
      await ok('alice', 'POST', 'collections/series/records', { post: seriesPost.id, stories: [C.story] })
    ).id;
    made.report = (
      await ok('alice', 'POST', 'collections/reports/records', {
        user: CAST.alice,
        reason: 'spam',
        comment: C.comment,
      })
    ).id;
  });
  afterAll(async () => {
    await community.server.close();
  });

  const exportsOf = async (who: Caller) =>
    (await ok(who, 'GET', 'collections/data_exports/records?sort=-created')).items as ExportRow[];
  const fileToken = async (who: 'alice' | 'bob') =>
    (
      await community.server.inject({
        method: 'POST',
        url: '/api/files/token',
        headers: { authorization: community.token(who)! },
      })
    ).json<{ token: string }>().token;
  const download = (row: ExportRow, token?: string) =>
    community.server.inject({
      url: `/api/files/data_exports/${row.id}/${row.file}${token ? `?token=${token}` : ''}`,
    });

  let ready: ExportRow;
  let entries: Map<string, Buffer>;
  const json = (name: string) => {
    const content = entries.get(name);
    expect(content, `${name} in the zip`).toBeDefined();
    return JSON.parse(content!.toString('utf8')) as unknown;
  };
  const idsIn = (name: string) => (json(name) as Array<{ id: string }>).map((row) => row.id);

  it('a member asks once a day; guests cannot ask; the job builds the zip and announces it', async () => {
    expect((await api('guest', 'POST', 'account/export')).statusCode).toBe(401);
    const asked = await api('alice', 'POST', 'account/export');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ status: 'pending' });
    const again = await api('alice', 'POST', 'account/export');
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toMatch(
      /^You can ask for your data once a day\. Ask again after /,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // Nobody may write the rows through the records API, not even their owner.
    expect(
      (await api('alice', 'POST', 'collections/data_exports/records', { user: CAST.alice, status: 'ready' }))
        .statusCode,
    ).toBe(403);

    const built = await buildPendingExports(community.core);
    expect(built).toEqual([asked.json<{ id: string }>().id]);
    ready = (await exportsOf('alice'))[0]!;
    expect(ready).toMatchObject({ status: 'ready', user: CAST.alice });
    expect(ready.file).toMatch(/^alice_data_[a-z0-9]{10}\.zip$/);
    const expires = Date.parse(ready.expires.replace(' ', 'T'));
    expect(expires - Date.now()).toBeGreaterThan((DAYS - 1) * DAY_MS);

    // The mail is queued with the notice and goes out with the mail job.
    expect(mails.some((m) => /data is ready/.test(m.subject))).toBe(false);
    expect((await sendDueMail(community.core)).sent).toBe(1);
    const mail = mails.find((m) => m.to === 'alice@example.com' && /data is ready/.test(m.subject));
    expect(mail?.text).toContain('/settings#your-data');
    expect(mail?.text).not.toContain(ready.file); // the mail carries no way to the file without a session
    const notices = await notificationsOf(community, 'alice');
    expect(notices.find((n) => n.icon === 'download')).toMatchObject({ href: '/settings#your-data' });
  });

  it('only its owner sees the export and downloads it, with a file token of their own', async () => {
    expect(await exportsOf('bob')).toEqual([]);
    expect((await api('bob', 'GET', `collections/data_exports/records/${ready.id}`)).statusCode).toBe(404);
    expect((await download(ready)).statusCode).toBe(404);
    expect((await download(ready, await fileToken('bob'))).statusCode).toBe(404);
    const res = await download(ready, await fileToken('alice'));
    expect(res.statusCode).toBe(200);
    entries = new Map(readZip(res.rawPayload).map((entry) => [entry.name, entry.content]));
  });

  it('holds every kind of the member’s records, as they would see them', () => {
    expect(entries.get('README.txt')?.toString()).toContain('account.json');
    const account = json('account.json') as {
      account: Record<string, unknown>;
      profiles: Array<Record<string, unknown>>;
    };
    expect(account.account).toMatchObject({ id: CAST.alice, username: 'alice', email: 'alice@example.com' });
    expect(account.account).not.toHaveProperty('password');
    expect(account.account).not.toHaveProperty('tokenKey');
    expect(account.profiles[0]).toMatchObject({ name: 'Alice Tall' });
    expect(idsIn('posts.json')).toEqual(expect.arrayContaining([C.published, C.draft]));
    expect(idsIn('stories.json')).toEqual(expect.arrayContaining([C.story, C.draftStory]));
    expect(idsIn('series.json')).toEqual([made.series]);
    expect(idsIn('comments.json')).toEqual([made.aliceComment]);
    expect(idsIn('messages.json')).toEqual([C.message]); // what bob wrote to her
    expect(idsIn('likes.json')).toEqual([made.aliceLike]);
    expect((json('favorites.json') as unknown[]).length).toBe(1);
    expect((json('follows.json') as Array<{ author: string }>).map((f) => f.author)).toEqual([CAST.bob]);
    expect((json('mutes.json') as Array<{ user: string }>).map((m) => m.user)).toEqual([CAST.alice]);
    expect(idsIn('reports.json')).toEqual([made.report]);
    for (const kind of [
      'views',
      'reading-progress',
      'blocks',
      'drafts',
      'revisions',
      'invitations',
      'notifications',
      'presence',
    ])
      expect(Array.isArray(json(`${kind}.json`)), kind).toBe(true);
    const avatar = [...entries.keys()].find((name) => name.startsWith('files/avatar/'));
    expect(avatar).toMatch(/\.png$/);
    expect(
      [...entries.keys()].some((name) => name.startsWith(`files/comments/${made.aliceComment}/sketch`)),
    ).toBe(true);
  });

  it(
    'holds the works as markdown and as EPUB books that pass EPUBCheck',
    async () => {
      const story = [...entries.keys()].find(
        (name) => name.startsWith('stories/the-giant-garden-') && name.endsWith('/story.md'),
      );
      expect(entries.get(story!)?.toString()).toBe('# The Giant Garden\n\nOnce upon a time...\n');
      const draft = [...entries.keys()].find(
        (name) => name.startsWith('stories/a-tiny-draft-') && name.endsWith('.epub'),
      );
      expect(draft, 'the story still in review is hers too').toBeDefined();
      const books = [...entries.keys()].filter((name) => name.endsWith('.epub'));
      expect(books.some((name) => name.startsWith('series/garden-cycle-'))).toBe(true);
      if (!epubcheckAvailable) return;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-export-'));
      try {
        const files = books.map((name, i) => {
          const file = path.join(dir, `${i}.epub`);
          fs.writeFileSync(file, entries.get(name)!);
          return file;
        });
        const results = await Promise.all(files.map((file) => epubcheck(file)));
        for (const [i, result] of results.entries())
          expect(result.errors + result.fatals, `${books[i]}\n${result.output}`).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    EPUBCHECK_TIMEOUT,
  );

  it('says nothing about anyone else', () => {
    const everything = [...entries.values()].map((content) => content.toString('latin1')).join('\n');
    expect(everything).not.toContain('bob@example.com');
    expect(everything).not.toContain(made.bobLike); // bob's like of her story is his
    expect(everything).not.toContain('Big day.'); // bob's story is his
    expect(everything).not.toContain('Lovely!'); // bob's comment on her story
    expect(everything).not.toContain(C.report); // bob's report
  });

  it('is removed with its file after its days; failed ones after as long', async () => {
    const storage = community.core.records.files!;
    const exports = community.core.registry.find('data_exports')!;
    const key = fileKey(exports.id, ready.id, ready.file);
    expect(await storage.exists(key)).toBe(true);
    expect(await removeExpiredExports(community.core, Date.now() + DAY_MS)).toBe(0);
    expect(await removeExpiredExports(community.core, Date.now() + (DAYS + 1) * DAY_MS)).toBe(1);
    expect(await exportsOf('alice')).toEqual([]);
    await expect.poll(() => storage.exists(key)).toBe(false);
  });

  describe('building, once and again', () => {
    const insertFor = async (user: string, id: string, status: string, claimed: string, created: string) => {
      await sql`INSERT INTO data_exports (id, "user", status, file, claimed, expires, created, updated)
        VALUES (${id}, ${user}, ${status}, '', ${claimed}, '', ${created}, ${created})`.execute(
        community.core.db.kysely,
      );
      forgetRemembered(community);
    };
    const insert = (id: string, status: string, claimed: string, created: string) =>
      insertFor(CAST.bob, id, status, claimed, created);

    it('two builders at once build an export once', async () => {
      const asked = await api('bob', 'POST', 'account/export');
      expect(asked.statusCode, asked.body).toBe(202);
      const [first, second] = await Promise.all([
        buildPendingExports(community.core),
        buildPendingExports(community.core),
      ]);
      expect([...first, ...second]).toEqual([asked.json<{ id: string }>().id]);
      const notices = (await notificationsOf(community, 'bob')).filter((n) => n.icon === 'download');
      expect(notices).toHaveLength(1);
    });

    it('a build left by a stopped process is taken again; a fresh claim is left to its builder', async () => {
      const now = Date.now();
      await insert(
        'exportstale0001',
        'building',
        formatDate(new Date(now - (CLAIM_MINUTES + 1) * 60_000)),
        formatDate(new Date(now - 2 * DAY_MS)),
      );
      await insert(
        'exportbusy00001',
        'building',
        formatDate(new Date(now - 60_000)),
        formatDate(new Date(now - 2 * DAY_MS)),
      );
      expect(await buildPendingExports(community.core, now)).toEqual(['exportstale0001']);
      const rows = await exportsOf('bob');
      expect(rows.find((r) => r.id === 'exportstale0001')?.status).toBe('ready');
      expect(rows.find((r) => r.id === 'exportbusy00001')?.status).toBe('building');
    });

    it('an export that failed does not count against the day: the member may ask again at once', async () => {
      await insertFor(CAST.mod, 'exportfailedmod', 'failed', '', formatDate(new Date()));
      const asked = await api('mod', 'POST', 'account/export');
      expect(asked.statusCode, asked.body).toBe(202);
      expect((await api('mod', 'POST', 'account/export')).statusCode).toBe(429);
    });

    it('a failed export goes after its days too', async () => {
      const now = Date.now();
      await insert('exportfailed001', 'failed', '', formatDate(new Date(now - (DAYS + 1) * DAY_MS)));
      await removeExpiredExports(community.core, now);
      expect((await exportsOf('bob')).map((r) => r.id)).not.toContain('exportfailed001');
    });
  });
});
