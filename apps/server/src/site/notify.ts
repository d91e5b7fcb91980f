/**
 * Creating notifications from inside a write (PRODUCT.md §5): in the same transaction as their cause,
 * never to the actor, never to a member who blocked whoever acted (PRODUCT.md §14), and delivered live
 * after the commit like any record create.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { inWrite } from '../core/records/remembered-exists';
import { createRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { blocksAnyOf } from './blocks';
import { isHistory } from './history';
import { text } from './values';

export interface NotificationInput {
  user: string;
  icon: string;
  content: string;
  href: string;
  /**
   * The members whose action this notice is about, when not the caller (a story published by a
   * moderator's decision is its authors' news). A member who blocked one of them is not told.
   */
  about?: readonly string[];
}

const actorOf = (event: RecordEvent) =>
  event.request.auth?.isSuperuser ? null : text(event.request.auth?.record.id);

/** Whether the notice's recipient blocked whoever it is about. */
async function fromBlocked(core: Core, event: RecordEvent, input: NotificationInput): Promise<boolean> {
  const actor = actorOf(event);
  const about = input.about ?? (actor ? [actor] : []);
  return blocksAnyOf(inWrite(core.records, event.scope), input.user, about);
}

/** Nobody is told of an event that is history brought over from another archive (site/history.ts). */
const untold = (event: RecordEvent, input: NotificationInput) =>
  input.user === actorOf(event) || input.user === '' || isHistory(event.scope);

export async function notify(core: Core, event: RecordEvent, input: NotificationInput): Promise<void> {
  if (untold(event, input)) return;
  if (await fromBlocked(core, event, input)) return;
  const notifications = core.registry.find('notifications')!;
  const { about: _about, ...fields } = input;
  await createRecord(
    core.records,
    notifications,
    { ...fields, read: false },
    systemRequest(core.registry.find('_superusers')!),
    event.scope,
  );
}

/**
 * Folds repeated events (likes, favorites) about one thing into one unread notification whose text
 * carries the count: "3 members liked …".
 */
export async function notifyFolded(
  core: Core,
  event: RecordEvent,
  input: NotificationInput & { foldKey: string },
  text: (count: number) => string,
): Promise<void> {
  if (untold(event, input)) return;
  if (await fromBlocked(core, event, input)) return;
  const notifications = core.registry.find('notifications')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  const unread = (
    await sql<{
      id: string;
      fold_count: number;
    }>`SELECT id, fold_count FROM notifications WHERE "user" = ${input.user} AND fold_key = ${input.foldKey} AND read = ${core.db.dialect === 'sqlite' ? 0 : false} LIMIT 1`.execute(
      event.db,
    )
  ).rows[0];
  if (unread) {
    const count = Number(unread.fold_count) + 1;
    await updateRecord(
      core.records,
      notifications,
      unread.id,
      { content: text(count), fold_count: count },
      system,
      event.scope,
    );
    return;
  }
  const { foldKey, about: _about, ...fields } = input;
  await createRecord(
    core.records,
    notifications,
    { ...fields, content: text(1), read: false, fold_key: foldKey, fold_count: 1 },
    system,
    event.scope,
  );
}
