/**
 * Muted tags and labels (PRODUCT.md §14). A list of stories, series or posts asked with `muted=hide`
 * leaves out, for the member asking, every post carrying one of the tags or labels they keep in `mutes`;
 * the list's total counts only what is shown and `hidden` says how many were left out. Without the
 * parameter (the "Show them" of a list) nothing is left out. Search takes the same parameter
 * (apis/search.ts, `mutedPostCondition`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Core } from '../core';
import { relationIndexOf } from '../core/collections/relation-indexes';
import { ROW } from '../core/records/context';
import { addListNarrower } from '../core/records/list-adjustments';
import { columnKey, rowsKey } from '../core/records/list-cache';
import type { ListNarrowing } from '../core/records/read';
import { noteReads, type ExistsReads } from '../core/records/remembered-exists';
import type { RequestInfo } from '../core/rules/request-info';
import type { AnyKysely } from '../db/types';

export interface MutedIds {
  tags: string[];
  labels: string[];
}

/** The caller's muted tags and labels, when the request asks for them to be left out. */
export async function mutesToHide(db: AnyKysely, request: RequestInfo): Promise<MutedIds | null> {
  const auth = request.auth;
  if (request.query.muted !== 'hide' || !auth || auth.isSuperuser || auth.collection.name !== 'users')
    return null;
  const rows = (
    await sql<{ tag: string; label: string }>`SELECT tag, label FROM mutes WHERE "user" = ${String(
      auth.record.id,
    )}`.execute(db)
  ).rows;
  const tags = rows.map((r) => r.tag).filter(Boolean);
  const labels = rows.map((r) => r.label).filter(Boolean);
  return tags.length || labels.length ? { tags, labels } : null;
}

/** What deciding a member's mutes reads: their rows of `mutes`. */
const MUTES_DECIDED_BY = [
  rowsKey('mutes'),
  columnKey('mutes', 'user'),
  columnKey('mutes', 'tag'),
  columnKey('mutes', 'label'),
];

/** The keys a muted-post condition reads, for the list cache. */
export const MUTE_READS = [
  rowsKey('mutes'),
  rowsKey('posts'),
  columnKey('posts', 'tags'),
  columnKey('posts', 'labels'),
];

/** The relation index tables of the posts' tags and labels, each with the muted ids to look for there. */
function mutedIndexes(core: Core, muted: MutedIds): { index: string; ids: string[] }[] {
  const posts = core.registry.find('posts')!;
  return (['tags', 'labels'] as const).flatMap((name) => {
    const ids = muted[name];
    const field = posts.fields.find((f) => f.name === name);
    const index = field && relationIndexOf(posts, field);
    return ids.length && index ? [{ index, ids }] : [];
  });
}

/** "The post `postId` carries none of these tags or labels", through the relation index tables. */
export function mutedPostCondition(
  core: Core,
  postId: RawBuilder<unknown>,
  muted: MutedIds,
): RawBuilder<unknown> {
  const parts = mutedIndexes(core, muted).map(
    ({ index, ids }) =>
      sql`NOT EXISTS (SELECT 1 FROM ${sql.table(index)} AS _m WHERE _m.record = ${postId} AND _m.target IN (${sql.join(ids)}))`,
  );
  return parts.length ? sql.join(parts, sql` AND `) : sql`1 = 1`;
}

/**
 * "The post `postId` carries one of these tags or labels": the complement of `mutedPostCondition`,
 * as `IN` lists the database starts from (the relation index by tag, then the list's row by post), so
 * counting what a member's mutes hide reads only those posts.
 */
export function mutedPostsAmong(
  core: Core,
  postId: RawBuilder<unknown>,
  muted: MutedIds,
): RawBuilder<unknown> {
  const parts = mutedIndexes(core, muted).map(
    ({ index, ids }) =>
      sql`${postId} IN (SELECT "record" FROM ${sql.table(index)} WHERE target IN (${sql.join(ids)}))`,
  );
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`1 = 0`;
}

export function registerMutes(core: Core): void {
  const narrowBy =
    (postColumn: string) =>
    async (request: RequestInfo, io: ExistsReads): Promise<ListNarrowing | null> => {
      if (request.query.muted === 'hide') noteReads(io, MUTES_DECIDED_BY);
      const muted = await mutesToHide(core.db.reader, request);
      if (!muted) return null;
      const postId = sql.ref(`${ROW}.${postColumn}`);
      return {
        condition: mutedPostCondition(core, postId, muted),
        excluded: mutedPostsAmong(core, postId, muted),
        reads: MUTE_READS,
        reported: true,
      };
    };
  addListNarrower(core, 'stories', narrowBy('post'));
  addListNarrower(core, 'series', narrowBy('post'));
  addListNarrower(core, 'posts', narrowBy('id'));
}
