/**
 * The comment step of the community dataset (dataset.ts): each comment on its planned post, a quarter
 * of them replies to their thread's previous comment, each reply with the `root` the server keeps
 * (apps/server/src/site/comment-threads.ts). Also reads back a post's first page of top-level comments,
 * which the bench's replies scenario asks for.
 */
import { sql } from 'kysely';
import type { Core } from '../../apps/server/src/core';
import { NOW, dateString, recordId, sentence, skewed, type Random } from './random';
import type { BulkWriter } from './writer';

export interface CommentsStep {
  random: Random;
  memberIds: string[];
  /** The post (plan index) of each comment to write. */
  targets: Uint32Array;
  postIds: string[];
  /** Each post's creation time in ms: its comments come after it. */
  postCreated: number[];
  writer: (collection: string) => BulkWriter;
  finish: (collection: string, writer: BulkWriter) => Promise<void>;
}

export async function writeComments(step: CommentsStep): Promise<void> {
  const { random, memberIds, targets, postIds, postCreated, writer, finish } = step;
  const comments = writer('comments');
  // The thread's previous comment, and the top-level comment it sits under (what a reply's root is).
  const lastInThread = new Map<number, { id: string; root: string }>();
  for (const post of targets) {
    const id = recordId(random);
    const previous = lastInThread.get(post);
    const created = dateString(postCreated[post]! + Math.floor(random() * (NOW - postCreated[post]!)));
    const author = memberIds[skewed(random, memberIds.length, 2)];
    const content = `<p>${sentence(random, 8 + Math.floor(random() * 20))}</p>`;
    const replyTo = previous && random() < 0.25 ? previous : undefined;
    const root = replyTo ? replyTo.root || replyTo.id : '';
    await comments.add({
      id,
      target: postIds[post],
      author,
      content,
      reply: replyTo?.id ?? '',
      root,
      attachments: [],
      created,
      updated: created,
    });
    lastInThread.set(post, { id, root });
  }
  await finish('comments', comments);
}

/** The ids of a post's first page of top-level comments, as the story page lists them. */
export async function firstCommentPage(core: Core, postId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`
    SELECT id FROM comments WHERE target = ${postId} AND reply = '' ORDER BY created, id LIMIT 20`.execute(
    core.db.kysely,
  );
  return rows.rows.map((row) => row.id);
}
