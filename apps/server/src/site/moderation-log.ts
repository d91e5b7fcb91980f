/**
 * Records moderators' direct actions in `moderation_log` (PRODUCT.md §7): deleting another member's
 * post, comment or message, and banning or lifting a ban outside a report. Reports and review decisions
 * carry their own who/what/when/why and are not repeated here. Pinning and unpinning a forum thread are
 * logged too (PRODUCT.md §13: every management change is in the log). The reason is the request's optional
 * `?reason=` (a DELETE has no body); it may be empty. The entry is written in the action's transaction.
 */
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { createRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import type { WriteScope } from '../core/records/scope';
import { text } from './values';
import { withoutTags } from '../tools/html-text';

/**
 * Ids deleted so far in each write. A comment that goes because its post or parent comment went
 * (cascade) is part of that delete, not a moderator action of its own.
 */
const deletedIn = new WeakMap<WriteScope, Set<string>>();

function cascaded(event: RecordEvent): boolean {
  const seen = deletedIn.get(event.scope) ?? new Set<string>();
  deletedIn.set(event.scope, seen);
  seen.add(text(event.record.id));
  return (
    event.collection.name === 'comments' &&
    (seen.has(text(event.record.target)) || seen.has(text(event.record.reply)))
  );
}

/** The acting moderator's id, or null when the actor is not a moderator (or is the server itself). */
function moderatorOf(event: RecordEvent): string | null {
  const auth = event.request.auth;
  if (!auth || auth.isSuperuser || auth.collection.name !== 'users') return null;
  const roles = auth.record.roles;
  const list = Array.isArray(roles) ? roles.map(String) : [];
  return list.includes('moderator') || list.includes('admin') ? text(auth.record.id) : null;
}

const plain = (html: unknown) => withoutTags(text(html)).replace(/\s+/g, ' ').trim().slice(0, 120);

/** Whose item it is, and a few words that say which one, per collection. */
function describe(event: RecordEvent): { owners: string[]; summary: string } {
  const r = event.record;
  switch (event.collection.name) {
    case 'posts': {
      const contributors = Array.isArray(r.contributors) ? r.contributors.map(text) : [];
      return { owners: contributors, summary: `${text(r.type)}: ${text(r.title)}`.slice(0, 300) };
    }
    case 'comments':
      return { owners: [text(r.author)], summary: plain(r.content) };
    default:
      return { owners: [text(r.from)], summary: plain(r.content) };
  }
}

async function write(core: Core, event: RecordEvent, entry: Record<string, unknown>): Promise<void> {
  const reason = text(event.request.query.reason).slice(0, 2000);
  await createRecord(
    core.records,
    core.registry.find('moderation_log')!,
    { ...entry, reason },
    systemRequest(core.registry.find('_superusers')!),
    event.scope,
  );
}

async function logDelete(core: Core, event: RecordEvent): Promise<void> {
  if (cascaded(event)) return;
  const moderator = moderatorOf(event);
  if (!moderator) return;
  const { owners, summary } = describe(event);
  if (owners.includes(moderator)) return; // one's own item: not a moderator action
  await write(core, event, {
    moderator,
    action: 'delete',
    target_collection: event.collection.name,
    target_id: text(event.record.id),
    summary,
    owner: owners[0] ?? '',
  });
}

async function logBan(core: Core, event: RecordEvent): Promise<void> {
  const moderator = moderatorOf(event);
  const before = event.previous?.is_banned === true;
  const after = event.record.is_banned === true;
  if (!moderator || before === after) return;
  await write(core, event, {
    moderator,
    action: after ? 'ban' : 'unban',
    target_collection: 'users',
    target_id: text(event.record.id),
    summary: text(event.record.username),
    owner: text(event.record.id),
  });
}

/** A moderator pinned or unpinned a forum thread (only moderators may change `pinned`). */
async function logPin(core: Core, event: RecordEvent): Promise<void> {
  const moderator = moderatorOf(event);
  const before = event.previous?.pinned === true;
  const after = event.record.pinned === true;
  if (!moderator || before === after) return;
  // Read through the write's own transaction: SQLite's single writer is busy with it.
  const thread = await event.db
    .selectFrom('posts')
    .select(['title', 'contributors'])
    .where('id', '=', text(event.record.post))
    .executeTakeFirst();
  // A JSON list: text on SQLite, already parsed on PostgreSQL.
  const stored: unknown = thread?.contributors ?? '[]';
  const contributors = (Array.isArray(stored) ? stored : JSON.parse(String(stored))) as unknown[];
  await write(core, event, {
    moderator,
    action: after ? 'pin' : 'unpin',
    target_collection: 'forum_posts',
    target_id: text(event.record.id),
    summary: `forum-post: ${text(thread?.title)}`.slice(0, 300),
    owner: text(contributors[0]),
  });
}

/** An admin changing someone's roles; the new roles are the summary (empty: a member again). */
async function logRoles(core: Core, event: RecordEvent): Promise<void> {
  const moderator = moderatorOf(event);
  const roles = (value: unknown) => (Array.isArray(value) ? value.map(String).sort().join(', ') : '');
  const after = roles(event.record.roles);
  if (!moderator || !event.previous || roles(event.previous.roles) === after) return;
  await write(core, event, {
    moderator,
    action: 'roles',
    target_collection: 'users',
    target_id: text(event.record.id),
    summary: `${text(event.record.username)}: ${after || 'member'}`.slice(0, 300),
    owner: text(event.record.id),
  });
}

export function registerModerationLog(core: Core): void {
  for (const collection of ['posts', 'comments', 'messages']) {
    core.hooks.on('beforeDelete', (event) => logDelete(core, event), collection);
  }
  core.hooks.on('afterUpdate', (event) => logBan(core, event), 'users');
  core.hooks.on('afterUpdate', (event) => logPin(core, event), 'forum_posts');
  core.hooks.on('afterUpdate', (event) => logRoles(core, event), 'users');
}
