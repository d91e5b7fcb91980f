/**
 * The importers' pure parts: decoding old archives' bytes, HTML to sanitised markdown, usernames from pen
 * names, eFiction's author's responses, chapter titles and how eFiction's works fit the site's series.
 */
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, plainText } from '../../src/importers/html-to-markdown';
import { decodeLegacyText } from '../../src/importers/legacy-text';
import { ImportReport } from '../../src/importers/report';
import { UsernamePicker, usernameCharacters } from '../../src/importers/usernames';
import type { Chapter, InSeries, Series, Story } from '../../src/importers/efiction/archive';
import { splitAuthorResponse } from '../../src/importers/efiction/engagement';
import { chapterTitle, planWorks } from '../../src/importers/efiction/works';
import { cp1252, utf8 } from './efiction-fixture';

describe('decoding old archives’ text', () => {
  it('reads UTF-8 bytes as UTF-8 and anything else as Windows-1252', () => {
    const text = 'Café — “quotes” ‘single’ … 9€ 日本語';
    expect(decodeLegacyText(utf8(text))).toBe(text);
    expect(decodeLegacyText(cp1252('Café — “quotes” ‘single’ … 9€'))).toBe('Café — “quotes” ‘single’ … 9€');
    expect(decodeLegacyText(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x99]))).toBe('café – ™');
  });

  it('drops a byte-order mark and NUL characters, and reads NULL as empty', () => {
    expect(decodeLegacyText(Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x00, 0x42]))).toBe('AB');
    expect(decodeLegacyText(null)).toBe('');
  });
});

describe('HTML to markdown', () => {
  it('keeps bold, italic, paragraphs, line breaks, lists and links', () => {
    expect(
      htmlToMarkdown(
        '<p>One <b>bold</b> <i>it</i><br>next line</p><ol><li>a</li><li>b</li></ol><a href="https://x.example/">x</a>',
      ),
    ).toBe('One **bold** *it*  \nnext line\n\n1.  a\n2.  b\n\n[x](https://x.example/)');
  });

  it('treats text without <br> or <p> as eFiction did: blank lines are paragraphs, newlines line breaks', () => {
    expect(htmlToMarkdown('First line\r\nsecond line\r\n\r\nNew paragraph with *stars*')).toBe(
      'First line  \nsecond line\n\nNew paragraph with \\*stars\\*',
    );
    expect(htmlToMarkdown('One<br><br>Two<br />Three')).toBe('One\n\nTwo  \nThree');
  });

  it('removes scripts, styles, event handlers, frames and unsafe URLs; images become links', () => {
    const markdown = htmlToMarkdown(
      '<p onclick="x()">a</p><script>alert(1)</script><style>b{}</style><iframe src="https://e.example"></iframe>' +
        '<a href="javascript:alert(2)">c</a><a href="vbscript:x">d</a><img src="https://i.example/p.png" onerror="x" alt="pic">',
    );
    expect(markdown).toBe('a\n\ncd[pic](https://i.example/p.png)');
  });

  it('titles and names lose their markup and keep their characters', () => {
    expect(plainText('Tom &amp; <b>Jerry</b>&#8217;s <script>x</script>tale')).toBe('Tom & Jerry’s tale');
  });
});

describe('usernames from pen names', () => {
  it('spells out accents and special letters, turns spaces into "_" and leaves the rest out', () => {
    expect(usernameCharacters('Ms. Tiny Åsa')).toBe('ms._tiny_asa');
    expect(usernameCharacters('Straße Lœwe')).toBe('strasse_loewe');
    expect(usernameCharacters("  --O'Brien--  ")).toBe('obrien');
    expect(usernameCharacters('小さい')).toBe('');
  });

  it('adds a number where a name is too short, empty or taken, and never hands out one twice', async () => {
    const picker = new UsernamePicker((name) => Promise.resolve(name === 'giant'));
    expect(await picker.pick('Giant', 'author-1', '1')).toBe('giant-2');
    expect(await picker.pick('GIANT', 'author-2', '2')).toBe('giant-3');
    expect(await picker.pick('Jo', 'author-3', '3')).toBe('jo-3');
    expect(await picker.pick('小さい', 'author-4', '4')).toBe('author-4');
    expect(await picker.pick('x'.repeat(80), 'author-5', '5')).toHaveLength(64);
  });
});

describe('eFiction reviews', () => {
  it('splits the author’s response off a review, in the ways eFiction wrote it', () => {
    expect(splitAuthorResponse("Great!<br><br><i>Author's Response: Thanks <b>a lot</b></i>")).toEqual({
      review: 'Great!',
      response: 'Thanks <b>a lot</b>',
    });
    expect(splitAuthorResponse('Fine.<br /><br /><i>Author&#39;s Response: Cheers</i>').response).toBe(
      'Cheers',
    );
    expect(splitAuthorResponse('No response here <i>at all</i>')).toEqual({
      review: 'No response here <i>at all</i>',
      response: '',
    });
  });
});

const story = (sid: number, title = `Story ${sid}`): Story => ({
  sid,
  uid: 1,
  title,
  summary: '',
  storynotes: '',
  date: 0,
  updated: 0,
  coauthors: [],
  validated: true,
  completed: false,
  catids: [],
  classes: [],
  charids: [],
  ratings: [],
});
const chapter = (chapid: number, sid: number, inorder: number): Chapter => ({
  chapid,
  sid,
  uid: 1,
  title: `C${chapid}`,
  inorder,
  validated: true,
});
const series = (seriesid: number): Series => ({
  seriesid,
  uid: 1,
  title: `Series ${seriesid}`,
  summary: '',
  catids: [],
  classes: [],
  charids: [],
  ratings: [],
});
const member = (seriesid: number, sid: number, inorder: number, subseriesid = 0): InSeries => ({
  seriesid,
  sid,
  subseriesid,
  inorder,
});

describe('eFiction works as the site’s', () => {
  it('orders chapters by inorder, and gives a story to the first of the series it is in', () => {
    const report = new ImportReport();
    const plan = planWorks(
      [story(1), story(2), story(3), story(4)],
      [chapter(12, 1, 2), chapter(11, 1, 1), chapter(20, 2, 1), chapter(30, 3, 1)],
      [series(7), series(5)],
      [member(7, 2, 1), member(5, 3, 2), member(5, 2, 1), member(5, 0, 3, 7)],
      report,
    );
    expect(plan.standalone.map((p) => [p.story.sid, p.chapters.map((c) => c.chapid)])).toEqual([
      [1, [11, 12]],
    ]);
    expect(plan.series.map((s) => [s.series.seriesid, s.entries.map((e) => e.story.sid)])).toEqual([
      [5, [2, 3]],
    ]);
    expect(report.skipped.get('stories: no chapters')).toBe(1);
    expect(report.skipped.get('series: no stories')).toBe(1);
    expect(report.notes.get('Stories in more than one series (each joins the first)')).toEqual([
      '"Story 2" stays in "Series 5", not in "Series 7"',
    ]);
    expect(report.notes.get('Series inside series (kept as series of their own)')).toEqual([
      '"Series 7" in "Series 5"',
    ]);
  });

  it('titles chapters after their story', () => {
    expect(chapterTitle('Saga', 'Saga', 1, 1)).toBe('Saga');
    expect(chapterTitle('Saga', 'The Storm', 2, 3)).toBe('Saga: The Storm');
    expect(chapterTitle('Saga', '', 3, 3)).toBe('Saga, chapter 3');
    expect(chapterTitle('Saga', 'Saga - Part 2', 2, 3)).toBe('Saga - Part 2');
  });
});
