/**
 * Revisions (PRODUCT.md §14 "Drafts and revisions"): every save of a story keeps a `post_revisions` record
 * with the story as it then reads (its post's title, description, labels and tags, and its text), written in
 * the same transaction as the save. The story form saves the post first and the story second, so the
 * story's write is where a form save ends; a write that changes nothing a revision holds (a series keeping
 * its chapters in step) adds none. Revisions are never removed on a timer.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { createRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import type { AnyKysely } from '../db/types';
import { idList } from './series-chapters';
import { text } from './values';

interface Snapshot {
  title: string;
  description: string;
  labels: string[];
  tags: string;
  content: string;
}

const sameSnapshot = (a: Snapshot, b: Snapshot) =>
  JSON.stringify([a.title, a.description, a.labels, a.tags, a.content]) ===
  JSON.stringify([b.title, b.description, b.labels, b.tags, b.content]);

async function tagNames(db: AnyKysely, ids: string[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await sql<{ id: string; name: string }>`SELECT id, name FROM tags WHERE id IN (${sql.join(
    ids,
  )})`.execute(db);
  const names = new Map(rows.rows.map((row) => [row.id, text(row.name)]));
  return ids
    .map((id) => names.get(id))
    .filter(Boolean)
    .join(', ');
}

async function snapshotOf(event: RecordEvent, postId: string): Promise<Snapshot | null> {
  const post = (
    await sql<
      Record<string, unknown>
    >`SELECT title, description, labels, tags FROM posts WHERE id = ${postId}`.execute(event.db)
  ).rows[0];
  if (!post) return null;
  return {
    title: text(post.title),
    description: text(post.description),
    labels: idList(post.labels),
    tags: await tagNames(event.db, idList(post.tags)),
    content: text(event.record.content),
  };
}

async function latestRevision(db: AnyKysely, postId: string): Promise<Snapshot | null> {
  const row = (
    await sql<Record<string, unknown>>`SELECT title, description, labels, tags, content FROM post_revisions
      WHERE post = ${postId} ORDER BY created DESC LIMIT 1`.execute(db)
  ).rows[0];
  if (!row) return null;
  return {
    title: text(row.title),
    description: text(row.description),
    labels: idList(row.labels),
    tags: text(row.tags),
    content: text(row.content),
  };
}

async function keepRevision(core: Core, event: RecordEvent): Promise<void> {
  const postId = text(event.record.post);
  const snapshot = await snapshotOf(event, postId);
  if (!snapshot) return;
  const latest = await latestRevision(event.db, postId);
  if (latest && sameSnapshot(latest, snapshot)) return;
  const editor = event.request.auth?.isSuperuser ? '' : text(event.request.auth?.record.id);
  await createRecord(
    core.records,
    core.registry.find('post_revisions')!,
    { ...snapshot, post: postId, story: text(event.record.id), editor },
    systemRequest(core.registry.find('_superusers')!),
    event.scope,
  );
}

export function registerRevisions(core: Core): void {
  core.hooks.on('afterCreate', (event) => keepRevision(core, event), 'stories');
  core.hooks.on('afterUpdate', (event) => keepRevision(core, event), 'stories');
}
