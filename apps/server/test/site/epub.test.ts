/**
 * EPUB export (issue 17, PRODUCT.md §14): a published story and a three-chapter series with images
 * download as EPUB 3 books that Debian's EPUBCheck passes with no errors; the book holds the title,
 * the authors by display name, the description, the chapters the reader may read in order, and the
 * attachments as images (WebP converted to PNG). An unpublished story or series is refused to other
 * members with a reason, given to its contributors and moderators; a missing one is 404. Downloads
 * are limited per member.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNPUBLISHED_SERIES_TEXT, UNPUBLISHED_STORY_TEXT } from '../../src/site/epub';
import { describeEachDialect } from '../support/databases';
import { C, CAST, apiCaller, buildCommunity, type Caller, type Community } from '../support/community';
import { epubcheck, epubcheckAvailable, readZip } from '../support/epubcheck';
import { multipart, png, type FormValue } from '../files/support';
import sharp from 'sharp';

const PUBLISHED = '2026-03-01 00:00:00.000Z';

describeEachDialect('EPUB export', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let dir: string;
  const ids = { story: '', series: '', draftSeries: '', chapters: [] as string[], draftChapter: '' };

  /** A post (and its story or series) made by the superuser on alice's behalf, with attachments. */
  const post = async (
    type: 'story' | 'series',
    fields: Record<string, string>,
    attachments: FormValue[] = [],
    published = true,
  ) => {
    const entries: Array<[string, FormValue | FormValue[]]> = [
      ['type', type],
      ['contributors', CAST.alice],
      ...Object.entries(fields),
    ];
    if (published) entries.push(['published', PUBLISHED]);
    if (attachments.length) entries.push(['attachments', attachments]);
    const { payload, headers } = await multipart(entries);
    const created = await community.server.inject({
      method: 'POST',
      url: '/api/collections/posts/records',
      payload,
      headers: { ...headers, authorization: community.token('superuser')! },
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: string }>().id;
  };
  const story = async (title: string, content: string, attachments: FormValue[] = [], published = true) => {
    const postId = await post('story', { title, description: `About ${title}` }, attachments, published);
    const created = await call('superuser', 'POST', 'collections/stories/records', { post: postId, content });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: string }>().id;
  };
  const series = async (title: string, stories: string[], published = true) => {
    const postId = await post(
      'series',
      { title, description: 'Three chapters of a tall tale.' },
      [],
      published,
    );
    const created = await call('superuser', 'POST', 'collections/series/records', { post: postId, stories });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ id: string }>().id;
  };
  const download = (who: Caller, kind: 'stories' | 'series', id: string) =>
    call(who, 'GET', `epub/${kind}/${id}`);
  /** A book as `who` receives it, kept as a file for EPUBCheck. */
  const book = async (who: Caller, kind: 'stories' | 'series', id: string, file: string) => {
    const response = await download(who, kind, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/epub+zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.epub"$/);
    fs.writeFileSync(path.join(dir, file), response.rawPayload);
    const entries = readZip(response.rawPayload);
    const text = (name: string) => entries.find((e) => e.name === name)?.content.toString('utf8') ?? '';
    return { entries, text, names: entries.map((e) => e.name) };
  };

  beforeAll(async () => {
    community = await buildCommunity(getDb());
    call = apiCaller(community);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epub-test-'));
    // Alice shows her profile name, so that is her name in the books.
    const profile = await call('alice', 'POST', 'collections/profiles/records', {
      user: CAST.alice,
      name: 'Alice Author',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const linked = await call('alice', 'PATCH', `collections/users/records/${CAST.alice}`, {
      profile: profile.json<{ id: string }>().id,
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const garden = { name: 'garden.png', content: await png(60, 40, '#228833'), type: 'image/png' };
    ids.story = await story(
      'The Giant & the Garden',
      '# Morning\n\nShe looked *up*. ![The garden](garden.png)\n\n<script>alert(1)</script>',
      [garden],
    );
    const map = { name: 'map.png', content: await png(80, 50, '#3366cc'), type: 'image/png' };
    const webp = {
      name: 'valley.webp',
      content: await sharp({ create: { width: 30, height: 30, channels: 3, background: '#aa3300' } })
        .webp()
        .toBuffer(),
      type: 'image/webp',
    };
    const one = await story('Chapter One: Small', 'It began with a **tiny** step.');
    const two = await story('Chapter Two: Map', 'The map:\n\n![Map of the valley](map.png)', [map, webp]);
    ids.draftChapter = await story('Chapter Two and a Half', 'Still in review.', [], false);
    const three = await story(
      'Chapter Three: Tall',
      'A footnote[^1] and a table.\n\n| size | class |\n|:-|-:|\n| 1 cm | micro |\n\n[^1]: Very tall.',
    );
    ids.chapters = [one, two, three];
    ids.series = await series('The Tall Tale', [one, two, ids.draftChapter, three]);
    ids.draftSeries = await series('A Series In Review', [one], false);
  });
  afterAll(async () => {
    await community?.server.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a story is a book: title, author by display name, description, its text and its image', async () => {
    const { entries, text, names } = await book('bob', 'stories', ids.story, 'story.epub');
    // The mimetype comes first, stored, without extra fields, as EPUB's container format requires.
    expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0, extra: 0 });
    expect(entries[0]!.content.toString()).toBe('application/epub+zip');
    const opf = text('OEBPS/content.opf');
    expect(opf).toContain('<dc:title>The Giant &amp; the Garden</dc:title>');
    expect(opf).toContain('<dc:creator id="creator-1">Alice Author</dc:creator>');
    expect(opf).toContain('<dc:description>About The Giant &amp; the Garden</dc:description>');
    expect(opf).toContain('media-type="image/png"');
    const chapter = text('OEBPS/chapter-1.xhtml');
    expect(chapter).toContain('<h1>Morning</h1>');
    expect(chapter).toContain('<em>up</em>');
    expect(chapter).toMatch(/<img src="images\/image-1\.png" alt="The garden"\/>/);
    expect(chapter).not.toContain('<script');
    expect(names).toContain('OEBPS/images/image-1.png');
  });

  it('a series is a book of the chapters the reader may read, in order, with their images', async () => {
    const { text, names, entries } = await book('bob', 'series', ids.series, 'series.epub');
    const nav = text('OEBPS/nav.xhtml');
    const order = ['Chapter One: Small', 'Chapter Two: Map', 'Chapter Three: Tall'].map((t) =>
      nav.indexOf(t),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A chapter still in review is left out for readers.
    expect(nav).not.toContain('Chapter Two and a Half');
    expect(names.filter((n) => n.startsWith('OEBPS/chapter-'))).toHaveLength(3);
    expect(text('OEBPS/content.opf')).toContain('<dc:title>The Tall Tale</dc:title>');
    expect(text('OEBPS/title.xhtml')).toContain('Three chapters of a tall tale.');
    // The map is shown where the text puts it; the WebP follows the text, converted to PNG.
    const two = text('OEBPS/chapter-2.xhtml');
    expect(two).toMatch(/<img src="images\/image-1\.png" alt="Map of the valley"\/>/);
    expect(two).toMatch(/<figure><img src="images\/image-2\.png" alt="valley\.webp"\/><\/figure>/);
    const converted = entries.find((e) => e.name === 'OEBPS/images/image-2.png')!;
    expect((await sharp(converted.content).metadata()).format).toBe('png');
    expect(text('OEBPS/chapter-3.xhtml')).toContain('href="#user-content-fn-1"');
  });

  it.runIf(epubcheckAvailable)(
    'EPUBCheck reports no errors for the story and for the three-chapter series',
    { timeout: 400_000 },
    async () => {
      const results = await Promise.all(
        ['story.epub', 'series.epub'].map((file) => epubcheck(path.join(dir, file))),
      );
      for (const result of results) {
        expect(result.fatals, result.output).toBe(0);
        expect(result.errors, result.output).toBe(0);
      }
    },
  );

  it("a contributor's book of the series holds the chapter still in review, in its place", async () => {
    const { text } = await book('alice', 'series', ids.series, 'series-alice.epub');
    const nav = text('OEBPS/nav.xhtml');
    expect(nav.indexOf('Chapter Two: Map')).toBeLessThan(nav.indexOf('Chapter Two and a Half'));
    expect(nav.indexOf('Chapter Two and a Half')).toBeLessThan(nav.indexOf('Chapter Three: Tall'));
  });

  it('an unpublished story or series is refused to other members, given to contributors and moderators', async () => {
    const refused = await download('bob', 'stories', C.draftStory);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, message: UNPUBLISHED_STORY_TEXT, data: {} });
    const series = await download('bob', 'series', ids.draftSeries);
    expect(series.statusCode).toBe(403);
    expect(series.json<{ message: string }>().message).toBe(UNPUBLISHED_SERIES_TEXT);
    expect((await download('alice', 'stories', C.draftStory)).statusCode).toBe(200);
    expect((await download('mod', 'stories', C.draftStory)).statusCode).toBe(200);
    expect((await download('mod', 'series', ids.draftSeries)).statusCode).toBe(200);
  });

  it('a missing story or series is 404, and guests are asked to sign in', async () => {
    expect((await download('bob', 'stories', 'nosuchstory0000')).statusCode).toBe(404);
    expect((await download('bob', 'series', 'nosuchseries000')).statusCode).toBe(404);
    expect((await download('guest', 'stories', C.story)).statusCode).toBe(401);
  });

  it('downloads are limited to 20 per 10 minutes per member', async () => {
    const settings = community.core.settings;
    await settings.update(community.core.db.kysely, { rateLimits: { enabled: true } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await download('bob', 'stories', C.story)).statusCode);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const refused = await download('bob', 'series', ids.series);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another member's downloads are counted apart.
      expect((await download('alice', 'stories', C.story)).statusCode).toBe(200);
    } finally {
      await settings.update(community.core.db.kysely, { rateLimits: { enabled: false } });
    }
  });
});
