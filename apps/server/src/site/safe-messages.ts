/**
 * Safe messages (PRODUCT.md §14), enforced on every message write (never by the browser):
 *
 * - Who may start a conversation with a member is their `settings.messages_from`: `everyone` (the
 *   default), `verified` (members whose email is verified and who joined more than 7 days ago) or
 *   `nobody`. Staff (moderators, admins) always may. A conversation already under way is not affected.
 * - A first message from someone the member never talked with arrives as a request (`message_requests`,
 *   and the conversation's `request` names the member); accepting clears it, replying accepts it,
 *   declining blocks the sender from messaging them.
 * - Members who blocked each other cannot message each other, in either direction: a declined request,
 *   or a row of the `blocks` collection (the profiles work's blocking) between the two.
 *
 * Every refusal reads the same, so a sender cannot tell a block from a setting.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { createRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { conversationId } from './conversations';
import { text } from './values';

export const MESSAGE_REFUSED = 'This member is not accepting messages from you.';

export const MESSAGES_FROM = ['everyone', 'verified', 'nobody'] as const;
export type MessagesFrom = (typeof MESSAGES_FROM)[number];

/** How long a member must have been with us before `verified` lets them start a conversation. */
const VERIFIED_MIN_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface UserRow {
  id: string;
  roles: unknown;
  verified: unknown;
  created: string;
  settings: unknown;
}

function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function isStaff(user: UserRow): boolean {
  const roles = parsed(user.roles);
  const list = Array.isArray(roles) ? roles.map(String) : [text(roles)];
  return list.includes('moderator') || list.includes('admin');
}

/** The member's choice; anything unset or unknown is `everyone`, the default. */
export function messagesFromOf(settings: unknown): MessagesFrom {
  const value = (parsed(settings) as { messages_from?: unknown } | null)?.messages_from;
  return MESSAGES_FROM.find((choice) => choice === value) ?? 'everyone';
}

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

async function userRow(db: RecordEvent['db'], id: string): Promise<UserRow | undefined> {
  return (
    await sql<UserRow>`SELECT id, roles, verified, created, settings FROM users WHERE id = ${id}`.execute(db)
  ).rows[0];
}

async function messagesBetween(db: RecordEvent['db'], a: string, b: string): Promise<number> {
  const row = (
    await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM messages
      WHERE ("from" = ${a} AND "to" = ${b}) OR ("from" = ${b} AND "to" = ${a})`.execute(db)
  ).rows[0];
  return Number(row?.n ?? 0);
}

async function requestOf(db: RecordEvent['db'], from: string, to: string) {
  return (
    await sql<{
      id: string;
      status: string;
    }>`SELECT id, status FROM message_requests WHERE "from" = ${from} AND "to" = ${to}`.execute(db)
  ).rows[0];
}

/**
 * The two relation-to-users fields of the `blocks` collection, when it exists. Messaging blocks both
 * ways, so which of the two is the blocker does not matter here.
 */
function blockFields(core: Core): [string, string] | null {
  const blocks = core.registry.find('blocks');
  const users = core.registry.find('users');
  if (!blocks || !users) return null;
  const relations = blocks.fields
    .filter((f) => f.type === 'relation' && (f as { collectionId?: string }).collectionId === users.id)
    .map((f) => f.name);
  return relations.length >= 2 ? [relations[0]!, relations[1]!] : null;
}

/** Whether `a` and `b` blocked each other, either way: a declined message request or a block. */
export async function blockedBetween(
  core: Core,
  db: RecordEvent['db'],
  a: string,
  b: string,
): Promise<boolean> {
  const declined = (
    await sql<{ id: string }>`SELECT id FROM message_requests WHERE status = 'declined'
      AND (("from" = ${a} AND "to" = ${b}) OR ("from" = ${b} AND "to" = ${a}))`.execute(db)
  ).rows;
  if (declined.length > 0) return true;
  const fields = blockFields(core);
  if (!fields) return false;
  const [x, y] = fields.map((f) => sql.ref(f));
  const rows = (
    await sql<{ id: string }>`SELECT id FROM blocks
      WHERE (${x} = ${a} AND ${y} = ${b}) OR (${x} = ${b} AND ${y} = ${a})`.execute(db)
  ).rows;
  return rows.length > 0;
}

/** The one answer to every refused message, and to an invitation across a block. */
export const messageRefused = () => new ApiError(403, MESSAGE_REFUSED);

/** Whether the recipient's setting lets this sender start a conversation. */
function mayStart(recipient: UserRow, sender: UserRow, now: number): boolean {
  const choice = messagesFromOf(recipient.settings);
  if (choice === 'nobody') return false;
  if (choice === 'verified') {
    const created: unknown = sender.created;
    const joined =
      created instanceof Date ? created.getTime() : new Date(text(created).replace(' ', 'T')).getTime();
    return truthy(sender.verified) && Number.isFinite(joined) && now - joined > VERIFIED_MIN_AGE_MS;
  }
  return true;
}

/** The member sending, unless the write is the server's or a superuser's (they are not limited). */
function memberSender(event: RecordEvent): string | null {
  const auth = event.request.auth;
  if (!auth || auth.isSuperuser || auth.collection.name !== 'users') return null;
  return text(auth.record.id);
}

async function checkMessage(core: Core, event: RecordEvent): Promise<void> {
  const from = memberSender(event);
  const to = text(event.record.to);
  if (!from || !to || from === to) return;
  const sender = await userRow(event.db, from);
  const recipient = await userRow(event.db, to);
  if (!sender || !recipient || isStaff(sender)) return;
  if (await blockedBetween(core, event.db, from, to)) throw messageRefused();
  if ((await messagesBetween(event.db, from, to)) > 0) return;
  if (!mayStart(recipient, sender, Date.now())) throw messageRefused();
}

async function setConversationRequest(
  core: Core,
  event: RecordEvent,
  a: string,
  b: string,
  values: { request: string; declined_by?: string },
) {
  const conversations = core.registry.find('conversations')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  await updateRecord(core.records, conversations, conversationId(a, b), values, system, event.scope);
}

/** After a member's message: a first contact opens a request; a reply to a pending request accepts it. */
async function recordRequest(core: Core, event: RecordEvent): Promise<void> {
  const from = memberSender(event);
  const to = text(event.record.to);
  if (!from || !to) return;
  const system = systemRequest(core.registry.find('_superusers')!);
  const requests = core.registry.find('message_requests')!;
  const answered = await requestOf(event.db, to, from);
  if (answered?.status === 'pending') {
    await updateRecord(core.records, requests, answered.id, { status: 'accepted' }, system, event.scope);
    return;
  }
  const sender = await userRow(event.db, from);
  if (!sender || isStaff(sender)) return;
  if ((await messagesBetween(event.db, from, to)) !== 1) return;
  if (await requestOf(event.db, from, to)) return;
  await createRecord(core.records, requests, { from, to, status: 'pending' }, system, event.scope);
  await setConversationRequest(core, event, from, to, { request: to });
}

/** Accepting or declining a request takes the conversation out of the member's requests. */
async function answerRequest(core: Core, event: RecordEvent): Promise<void> {
  const status = text(event.record.status);
  if (status === text(event.previous?.status) || status === 'pending') return;
  const from = text(event.record.from);
  const to = text(event.record.to);
  // Accepted: the conversation joins the member's list. Declined: it leaves their requests and stays out
  // of their list (the sender, who is not told, keeps seeing it as before).
  await setConversationRequest(core, event, from, to, {
    request: '',
    declined_by: status === 'declined' ? to : '',
  });
}

export function registerSafeMessages(core: Core): void {
  core.hooks.on('beforeCreate', (event) => checkMessage(core, event), 'messages');
  core.hooks.on('afterCreate', (event) => recordRequest(core, event), 'messages');
  core.hooks.on('afterUpdate', (event) => answerRequest(core, event), 'message_requests');
}
