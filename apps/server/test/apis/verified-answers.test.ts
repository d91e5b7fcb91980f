/**
 * The verifying mode of remembered answers (ANSWER_CACHE_VERIFY, core/records/verified-answers.ts),
 * on every dialect: answers agree with the database through ordinary writes, and a write that skips
 * telling the remembering what it changed (raw SQL, as a forgetful hook would) makes the next answer
 * that relied on it fail instead of being served stale.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AnswerMismatch, verifiedAnswer } from '../../src/core/records/verified-answers';
import { describeEachDialect } from '../support/databases';
import { buildFixture, IDS, type Fixture } from '../support/fixture';

describeEachDialect('verified remembered answers', (getDb) => {
  let fixture: Fixture | undefined;
  beforeAll(async () => {
    fixture = await buildFixture(getDb(), { config: { answerCacheVerify: true } });
  });
  afterAll(async () => {
    await fixture?.server.close();
  });
  const get = () => fixture!;
  const list = () =>
    get().server.inject({
      method: 'GET',
      url: '/api/collections/posts/records?sort=title&filter=published=true',
      headers: { authorization: get().tokens.bob },
    });
  const view = () =>
    get().server.inject({
      method: 'GET',
      url: `/api/collections/posts/records/${IDS.postPublished}`,
      headers: { authorization: get().tokens.bob },
    });

  it('agrees with the database through writes that say what they changed', async () => {
    expect(get().core.records.lists?.verifying).toBe(true);
    const before = await list();
    expect(before.statusCode, before.body).toBe(200);
    expect((await list()).body).toBe(before.body);
    const edit = await get().server.inject({
      method: 'PATCH',
      url: `/api/collections/posts/records/${IDS.postBob}`,
      headers: { authorization: get().tokens.bob },
      payload: { title: 'A renamed story' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await list();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.body).toContain('A renamed story');
    expect((await view()).statusCode).toBe(200);
  });

  it('fails an answer left stale by a write that skipped recording what it changed', async () => {
    expect((await view()).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    // Behind the record layer: nothing is told, so the remembered answers stay as they were.
    await sql`UPDATE posts SET title = ${'Changed behind its back'} WHERE id = ${IDS.postPublished}`.execute(
      get().core.db.kysely,
    );
    const stale = await list();
    expect(stale.statusCode, stale.body).toBe(500);
    expect((await view()).statusCode).toBe(500);
    // Told at last, the answers agree again.
    get().core.records.lists?.clear();
    const mended = await list();
    expect(mended.statusCode).toBe(200);
    expect(mended.body).toContain('Changed behind its back');
  });
});

it('asks a difference again, so a write between the two computations is not a mismatch', async () => {
  let calls = 0;
  const answer = await verifiedAnswer(
    'a list',
    () => Promise.resolve(++calls === 1 ? 'before the write' : 'after the write'),
    () => Promise.resolve('after the write'),
  );
  expect(answer).toBe('after the write');
  await expect(
    verifiedAnswer(
      'a list',
      () => Promise.resolve('stale'),
      () => Promise.resolve('fresh'),
    ),
  ).rejects.toBeInstanceOf(AnswerMismatch);
});
