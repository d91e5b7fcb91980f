/**
 * Report resolution (PRODUCT.md §7): resolving a report with `delete` removes the reported item, with
 * `ban` bans its author (a profile's owner for a profile report); the reporter hears that the report
 * was handled. All in the moderator's write.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { deleteRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { notify } from './notify';
import { text } from './values';

type Target = { collection: 'posts' | 'comments' | 'profiles' | 'messages'; id: string };

function reportedItem(report: RecordEvent['record']): Target | null {
  if (text(report.post)) return { collection: 'posts', id: text(report.post) };
  if (text(report.comment)) return { collection: 'comments', id: text(report.comment) };
  if (text(report.profile)) return { collection: 'profiles', id: text(report.profile) };
  if (text(report.message)) return { collection: 'messages', id: text(report.message) };
  return null;
}

/** Who answers for an item: a comment's author, a message's sender, a post's contributors, a profile's owner. */
async function authorsOf(event: RecordEvent, target: Target): Promise<string[]> {
  const column = { comments: 'author', messages: 'from', profiles: 'user', posts: 'contributors' }[
    target.collection
  ];
  const row = (
    await sql<
      Record<string, unknown>
    >`SELECT ${sql.ref(column)} AS who FROM ${sql.table(target.collection)} WHERE id = ${target.id}`.execute(
      event.db,
    )
  ).rows[0];
  if (!row) return [];
  const who = row.who;
  const list: unknown = typeof who === 'string' && who.startsWith('[') ? JSON.parse(who) : who;
  return (Array.isArray(list) ? list : [list]).map(text).filter(Boolean);
}

async function resolve(core: Core, event: RecordEvent): Promise<void> {
  const before = event.previous;
  const action = text(event.record.action);
  // Only the moment a report becomes resolved counts; later edits change nothing.
  if (!action || !text(event.record.resolver) || (before && text(before.resolver))) return;
  const system = systemRequest(core.registry.find('_superusers')!);
  const target = reportedItem(before ?? event.record);
  if (target && action === 'ban') {
    for (const user of await authorsOf(event, target)) {
      await updateRecord(
        core.records,
        core.registry.find('users')!,
        user,
        { is_banned: true },
        system,
        event.scope,
      );
    }
  }
  if (target && action === 'delete') {
    const exists =
      (
        await sql<{
          id: string;
        }>`SELECT id FROM ${sql.table(target.collection)} WHERE id = ${target.id}`.execute(event.db)
      ).rows.length > 0;
    if (exists)
      await deleteRecord(
        core.records,
        core.registry.find(target.collection)!,
        target.id,
        system,
        event.scope,
      );
  }
  await notify(core, event, {
    user: text(event.record.user),
    icon: 'report',
    href: '/notifications',
    content: 'Thank you: a moderator has handled your report.',
  });
}

export function registerModeration(core: Core): void {
  core.hooks.on('afterUpdate', (event) => resolve(core, event), 'reports');
}
