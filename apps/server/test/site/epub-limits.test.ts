/**
 * Books of costly stories (issue 41), as a member sent them: their own draft with the content, then
 * `GET /api/epub/stories/:id`. Shapes the markdown parser is super-linear or recursive on are refused
 * at once with the bound they break (400, "This story is too complex to export: ..."), never a 500 or
 * a frozen server; a chapter over the worker's memory or time limit is refused the same way; the
 * book is made in a worker thread, so other requests are answered while it is made, and a member
 * makes one book at a time. A long ordinary story still makes a valid book.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { EXPORT_IN_PROGRESS_TEXT, TOO_COMPLEX_TEXT } from '../../src/site/epub';
import { MARKDOWN_BOUNDS } from '../../src/tools/epub/markdown-bounds';
import { WorkerPool } from '../../src/tools/workers/pool';
import { communityWithMember, type apiCaller, type Caller, type Community } from '../support/community';
import { describeEachDialect } from '../support/databases';
import { epubcheck, epubcheckAvailable, readZip } from '../support/epubcheck';

const KB = 1024;
const repeat = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));
/** Ordinary prose, about 1.1 MB: seconds of rendering and far more than 32 MB of syntax trees. */
const LONG_STORY = 'The giant looked *down* at the [tiny](https://example.com) town.\n\n'.repeat(20_000);

describeEachDialect('EPUB export of costly stories', (getDb) => {
  let community: Community;
  let call: ReturnType<typeof apiCaller>;
  let carol: Caller;
  let carolId = '';
  let dir: string;

  /** Carol's own draft holding `content`: what any member can write. */
  const draft = async (title: string, content: string) => {
    const post = await call(carol, 'POST', 'collections/posts/records', {
      type: 'story',
      title,
      contributors: [carolId],
    });
    expect(post.statusCode, post.body).toBe(200);
    const story = await call(carol, 'POST', 'collections/stories/records', {
      post: post.json<{ id: string }>().id,
      content,
    });
    expect(story.statusCode, story.body).toBe(200);
    return story.json<{ id: string }>().id;
  };
  const book = (id: string) => call(carol, 'GET', `epub/stories/${id}`);

  beforeAll(async () => {
    ({
      community,
      call,
      member: { id: carolId, caller: carol },
    } = await communityWithMember(getDb(), 'carol'));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epub-limits-'));
    // Building the community takes long on a loaded machine.
  }, 120_000);
  afterAll(async () => {
    await community?.server.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tooManyMarks =
    'its paragraphs hold too many brackets, backticks or emphasis marks (split long paragraphs with blank lines)';
  const tooDeep = `it nests quotes or lists more than ${MARKDOWN_BOUNDS.nesting} levels deep`;

  it.each([
    ['[a]( repeated, 60 KB', repeat('[a](', 60 * KB), tooManyMarks],
    ['[a]( repeated, 240 KB', repeat('[a](', 240 * KB), tooManyMarks],
    ['*a **a  repeated, 120 KB', repeat('*a **a ', 120 * KB), tooManyMarks],
    ['[ repeated, 120 KB', repeat('[', 120 * KB), tooManyMarks],
    ['backticks repeated, 120 KB', repeat('`', 120 * KB), tooManyMarks],
    ['"> " repeated 12,000 times', '> '.repeat(12_000), tooDeep],
    ['"> " repeated 20,000 times', '> '.repeat(20_000), tooDeep],
  ])(
    'a draft of %s is refused as too complex, with the reason',
    async (title, content, reason) => {
      const id = await draft(title, content);
      const answer = await book(id);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ status: 400, message: `${TOO_COMPLEX_TEXT}: ${reason}.`, data: {} });
    },
    120_000,
  );

  it.runIf(epubcheckAvailable)(
    'a long ordinary story with every kind of markup still makes a valid book',
    { timeout: 400_000 },
    async () => {
      const parts: string[] = [];
      for (let i = 0; i < 1_500; i++) {
        parts.push(`"Look *down*," she said, and the [town](https://example.com/${i}) went **quiet**.`);
        if (i % 100 === 10) parts.push('* * *');
        if (i % 100 === 20) parts.push('> A letter:\n> > written small.');
        if (i % 100 === 30) parts.push('- one\n  - two\n    - three\n1. first');
        if (i % 100 === 40)
          parts.push('Part\n====\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n`code` and ~~struck~~');
      }
      const id = await draft(
        'A Long Ordinary Story',
        `${parts.join('\n\n')}\n\nA note[^1].\n\n[^1]: The end.`,
      );
      // What is shown is that the bounds let it through; a loaded machine may be slow to render it.
      const usual = community.core.work;
      community.core.work = new WorkerPool({ timeLimitMs: 600_000 });
      const answer = await book(id).finally(async () => {
        await community.core.work.close();
        community.core.work = usual;
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const chapter = readZip(answer.rawPayload).find((e) => e.name === 'OEBPS/chapter-1.xhtml')!;
      expect(chapter.content.toString('utf8')).toContain('<blockquote>');
      const file = path.join(dir, 'long.epub');
      fs.writeFileSync(file, answer.rawPayload);
      const result = await epubcheck(file);
      expect(result.fatals, result.output).toBe(0);
      expect(result.errors, result.output).toBe(0);
    },
  );

  it('other requests are answered while a long book is made, and a member makes one book at a time', async () => {
    // A third of LONG_STORY: seconds of work in the worker, under no time limit a loaded machine could reach.
    const id = await draft('A Long Story', LONG_STORY.slice(0, Math.floor(LONG_STORY.length / 3)));
    const usual = community.core.work;
    community.core.work = new WorkerPool({ timeLimitMs: 600_000 });
    try {
      let finished = false;
      const making = book(id).then((answer) => {
        finished = true;
        return answer;
      });
      await vi.waitFor(() => expect(community.core.work.stats().running).toBe(1), { timeout: 60_000 });
      // The event loop is free: a plain list answers while the worker renders.
      const labels = await call('bob', 'GET', 'collections/labels/records');
      expect(labels.statusCode).toBe(200);
      // Carol's second book waits for her first.
      const second = await book(id);
      expect(second.statusCode).toBe(429);
      expect(second.json<{ message: string }>().message).toBe(EXPORT_IN_PROGRESS_TEXT);
      expect(finished).toBe(false);
      const answer = await making;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/epub+zip');
    } finally {
      await community.core.work.close();
      community.core.work = usual;
    }
  }, 300_000);

  it('a story over the worker memory or time limit is refused as too complex, and the next book is made', async () => {
    const id = await draft('Heavy In Memory', LONG_STORY);
    const usual = community.core.work;
    try {
      community.core.work = new WorkerPool({ memoryLimitMb: 32 });
      const heavy = await book(id);
      expect(heavy.statusCode, heavy.body).toBe(400);
      expect(heavy.json<{ message: string }>().message).toBe(
        `${TOO_COMPLEX_TEXT}: it needs too much memory to turn into a book.`,
      );
      await community.core.work.close();
      // No worker renders 1.1 MB of markdown in a millisecond.
      community.core.work = new WorkerPool({ timeLimitMs: 1, timeLimitMsPerMb: 0, startupAllowanceMs: 0 });
      const slow = await book(id);
      expect(slow.statusCode, slow.body).toBe(400);
      expect(slow.json<{ message: string }>().message).toBe(
        `${TOO_COMPLEX_TEXT}: it takes too long to turn into a book.`,
      );
    } finally {
      await community.core.work.close();
      community.core.work = usual;
    }
    const small = await draft('Small', 'She looked *up*.');
    expect((await book(small)).statusCode).toBe(200);
  }, 120_000);
});
