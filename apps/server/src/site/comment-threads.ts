/**
 * A comment thread is read a page at a time (spec part 1 §7 "comments: by target and type (page)"): a
 * page of top-level comments, then every reply under them, at any depth. So that the replies come in one
 * indexed query, each reply carries `root`, the top-level comment it sits under. The server keeps it:
 * what a client sends for `root` is replaced, and a reply must answer a comment on the same post.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { inWriteScope, rawWrite } from '../core/records/scope';
import { ApiError } from '../tools/api-error';
import { text } from './values';

interface Parent {
  id: string;
  target: string;
  root: string;
}

function refuse(event: RecordEvent, message: string): never {
  throw new ApiError(400, event.previous ? 'Failed to update record.' : 'Failed to create record.', {
    reply: { code: 'validation_reply_elsewhere', message },
  });
}

async function keepRoot(event: RecordEvent): Promise<void> {
  const reply = text(event.record.reply);
  if (!reply && !text(event.previous?.reply)) {
    event.record.root = '';
    return;
  }
  if (event.previous) {
    // Moving a reply would strand the replies under it on their old root.
    if (text(event.previous.reply) !== reply) refuse(event, 'A reply cannot move to another comment.');
    event.record.root = text(event.previous.root);
    return;
  }
  const parent = (
    await sql<Parent>`SELECT id, target, root FROM comments WHERE id = ${reply}`.execute(event.db)
  ).rows[0];
  // A missing parent is the relation validator's to report (it runs first); should one vanish in
  // between, the reply keeps no root a client sent.
  if (!parent) {
    event.record.root = '';
    return;
  }
  if (parent.target !== text(event.record.target)) refuse(event, 'Reply to a comment on the same post.');
  event.record.root = parent.root || parent.id;
}

/**
 * Fills `root` on replies written before the field existed, one level of depth per round (a reply's
 * root is known once its parent's is). Idempotent, and a single indexed query when nothing is left.
 */
export async function fillCommentRoots(core: Core): Promise<number> {
  const collection = core.registry.find('comments');
  if (!collection?.fields.some((field) => field.name === 'root')) return 0;
  let filled = 0;
  for (;;) {
    const result = await inWriteScope(core.records, undefined, (scope) =>
      rawWrite(
        scope,
        { columns: 'comments', fields: ['root'] },
        sql`
          UPDATE comments SET root = (
            SELECT CASE WHEN parent.reply = '' THEN parent.id ELSE parent.root END
            FROM comments parent WHERE parent.id = comments.reply
          )
          WHERE root = '' AND reply != '' AND EXISTS (
            SELECT 1 FROM comments parent
            WHERE parent.id = comments.reply AND (parent.reply = '' OR parent.root != '')
          )`,
      ),
    );
    const round = Number(result.numAffectedRows ?? 0);
    if (round === 0) break;
    filled += round;
  }
  return filled;
}

export function registerCommentThreads(core: Core): void {
  core.hooks.on('beforeCreate', keepRoot, 'comments');
  core.hooks.on('beforeUpdate', keepRoot, 'comments');
}
