/**
 * Leaving the site (issue 45, docs/adr/0037-account-deletion.md). A member asks for their account to
 * be deleted (apis/account.ts checks the password first, or a link
 * mailed to the account's address) and chooses what becomes of their works:
 *
 * - stories and series are **orphaned** (kept, credited to the `orphaned` account, as AO3 does) or
 *   **deleted**; a work that has co-authors left stays theirs either way, only the leaving member's
 *   name goes from it;
 * - comments and forum posts are **kept** as by `deleted member` by default, because other members
 *   replied to them: removing a comment removes the replies hanging on it, and removing a thread
 *   removes everyone's posts in it. When the member asks for them to go, those nobody else answered
 *   go, and the others are kept with their text replaced, so the threads stay whole;
 * - messages stay for the other member, sent by (or to) `deleted member`;
 * - everything else of the account goes with it: likes, favorites, views, follows (both ways),
 *   reading progress, blocks, mutes, presence, drafts, notifications, invitations, sessions, sign-in
 *   links and the profile with its avatar. Each goes through the record layer, so the counters its
 *   hooks keep (likes, favorites, views, comments) fall with it and stay true.
 *
 * The request waits 7 days (`GRACE_DAYS`); signing in meanwhile, by any method, cancels it. Then the
 * periodic job erases the account for good, once across processes (the cron scheduler's job lock, and
 * each request claimed in its own transaction as scheduled publishing does). Staff deletion
 * (`eraseByStaff`) erases at once, with its reason in the moderation log. The username stays unavailable
 * for 30 days (`USERNAME_COOLING_OFF_DAYS`), kept only as a hash (collections/accounts.ts).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Core } from '../core';
import { onSignIn } from '../core/auth/sign-in-gate';
import { findField, type Collection } from '../core/collections/model';
import { relationIndexOf } from '../core/collections/relation-indexes';
import type { RecordEvent } from '../core/hooks';
import { findRecord } from '../core/records/find';
import type { RecordData } from '../core/records/record';
import { inWriteScope, rawWriteUnremembered, type WriteScope } from '../core/records/scope';
import { createRecord, deleteRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { formatDate } from '../tools/dates';
import { ALPHANUMERIC, constantTimeEqual, randomString, randomTokenKey } from '../tools/security/random';
import { accountDeletionMail } from '../core/mail/templates';
import { forgetMailTo } from './mail-queue';
import { text } from './values';

export const GRACE_DAYS = 7;
export const USERNAME_COOLING_OFF_DAYS = 30;
const DAY_MS = 86_400_000;

export const WORKS_CHOICES = ['orphan', 'delete'] as const;
export const DISCUSSIONS_CHOICES = ['keep', 'delete'] as const;
export interface DeletionChoice {
  works: (typeof WORKS_CHOICES)[number];
  discussions: (typeof DISCUSSIONS_CHOICES)[number];
}

/**
 * The two accounts that stand in for members who left. Created when first needed (so a site where
 * nobody left has none), banned so nobody signs in as them or messages them, with a password nobody
 * is told. Their usernames are never free for members.
 */
export const ORPHANED = { id: 'orphanedaccount', username: 'orphaned', name: 'Orphaned' } as const;
export const DELETED_MEMBER = {
  id: 'deletedmember00',
  username: 'deleted-member',
  name: 'Deleted member',
} as const;
const PLACEHOLDERS = [ORPHANED, DELETED_MEMBER];
export const isPlaceholder = (id: string) => PLACEHOLDERS.some((p) => p.id === id);

/** The text that replaces a removed comment or forum post that others had answered. */
export const REMOVED_TEXT = 'This was removed by its author.';

const JOB = 'account-erasure';

const collectionOf = (core: Core, name: string): Collection => core.registry.find(name)!;
const system = (core: Core) => systemRequest(collectionOf(core, '_superusers'));

async function idsOf(db: WriteScope['db'], query: ReturnType<typeof sql<{ id: string }>>): Promise<string[]> {
  return (await query.execute(db)).rows.map((row) => text(row.id));
}

async function ensurePlaceholder(core: Core, s: WriteScope, who: (typeof PLACEHOLDERS)[number]) {
  const exists = await idsOf(s.db, sql<{ id: string }>`SELECT id FROM users WHERE id = ${who.id}`);
  if (exists.length) return;
  // A member who took the name before there were stand-ins keeps it; the stand-in is named apart.
  const taken = await idsOf(s.db, sql<{ id: string }>`SELECT id FROM users WHERE username = ${who.username}`);
  const username = taken.length ? `${who.username}-${randomString(6)}` : who.username;
  const password = randomString(40);
  await createRecord(
    core.records,
    collectionOf(core, 'users'),
    {
      id: who.id,
      username,
      email: `${who.id}@placeholder.invalid`,
      emailVisibility: false,
      password,
      passwordConfirm: password,
      verified: true,
      is_banned: true,
    },
    system(core),
    s,
  );
  const profile = await createRecord(
    core.records,
    collectionOf(core, 'profiles'),
    { user: who.id, name: who.name },
    system(core),
    s,
  );
  await updateRecord(
    core.records,
    collectionOf(core, 'users'),
    who.id,
    { profile: text(profile.id) },
    system(core),
    s,
  );
}

const usernameHash = (username: string) =>
  createHash('sha256').update(username.trim().toLowerCase()).digest('hex');

/** The deletion request of this member, if any (confirmed or still waiting for its mailed link). */
export async function pendingDeletion(core: Core, userId: string, db = core.db.reader) {
  return (
    await sql<{
      id: string;
      erase_after: string;
      works: string;
      discussions: string;
      confirmation: string;
      confirm_before: string;
    }>`SELECT id, erase_after, works, discussions, confirmation, confirm_before FROM account_deletions WHERE "user" = ${userId}`.execute(
      db,
    )
  ).rows[0];
}

/** How long a mailed confirmation link works. */
export const CONFIRMATION_MINUTES = 60;
const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * For members without a password to give (single sign-on): the request waits for the link mailed to
 * the account's address, which proves the mailbox as the password proves the person. Nothing changes
 * for the account until it is confirmed; asking again replaces the link.
 */
export async function mailDeletionConfirmation(
  core: Core,
  user: RecordData,
  choice: DeletionChoice,
  now = Date.now(),
): Promise<void> {
  const secret = randomString(43, ALPHANUMERIC);
  const userId = text(user.id);
  await inWriteScope(core.records, undefined, async (s) => {
    const deletions = collectionOf(core, 'account_deletions');
    const existing = await pendingDeletion(core, userId, s.db);
    const values = {
      user: userId,
      ...choice,
      erase_after: '',
      confirmation: secretHash(secret),
      confirm_before: formatDate(new Date(now + CONFIRMATION_MINUTES * 60_000)),
    };
    if (existing) await updateRecord(core.records, deletions, existing.id, values, system(core), s);
    else await createRecord(core.records, deletions, values, system(core), s);
  });
  const { mailer, mail } = core.accountMail;
  await mailer.send(accountDeletionMail(text(user.email), secret, CONFIRMATION_MINUTES, mail));
}

export const INVALID_CONFIRMATION = 'The confirmation link is invalid or has expired.';

/** The mailed link, followed by the member it was sent to: the request starts its grace period. */
export async function confirmDeletionByMail(
  core: Core,
  userId: string,
  secret: string,
  now = Date.now(),
): Promise<{ eraseAfter: string }> {
  const pending = await pendingDeletion(core, userId, core.db.kysely);
  const valid =
    pending !== undefined &&
    !pending.erase_after &&
    pending.confirmation !== '' &&
    constantTimeEqual(pending.confirmation, secretHash(secret)) &&
    pending.confirm_before > formatDate(new Date(now));
  if (!valid)
    throw new ApiError(400, INVALID_CONFIRMATION, {
      token: { code: 'validation_invalid_token', message: INVALID_CONFIRMATION },
    });
  const choice = { works: pending.works, discussions: pending.discussions } as DeletionChoice;
  return requestDeletion(core, userId, choice, now);
}

/**
 * A member's own request: it waits out the grace period, and every session of the account ends now
 * (a new token key), so signing in again, the way to cancel, is a deliberate act.
 */
export async function requestDeletion(
  core: Core,
  userId: string,
  choice: DeletionChoice,
  now = Date.now(),
): Promise<{ eraseAfter: string }> {
  const eraseAfter = formatDate(new Date(now + GRACE_DAYS * DAY_MS));
  await inWriteScope(core.records, undefined, async (s) => {
    const deletions = collectionOf(core, 'account_deletions');
    const existing = await pendingDeletion(core, userId, s.db);
    const values = { user: userId, ...choice, erase_after: eraseAfter, confirmation: '', confirm_before: '' };
    if (existing) await updateRecord(core.records, deletions, existing.id, values, system(core), s);
    else await createRecord(core.records, deletions, values, system(core), s);
    await updateRecord(
      core.records,
      collectionOf(core, 'users'),
      userId,
      { tokenKey: randomTokenKey() },
      system(core),
      s,
    );
  });
  return { eraseAfter };
}

/** Signing in during the grace period is changing one's mind: the request goes. */
async function cancelOnSignIn(core: Core, collection: Collection, record: RecordData): Promise<void> {
  if (collection.name !== 'users') return;
  const pending = await pendingDeletion(core, text(record.id));
  // A request still waiting for its mailed link stays: the member may have to sign in to follow it.
  if (!pending?.erase_after) return;
  try {
    await deleteRecord(core.records, collectionOf(core, 'account_deletions'), pending.id, system(core));
  } catch (error) {
    // Erased or cancelled meanwhile (another sign-in, the job): nothing is left to cancel.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/**
 * The ids of the posts the member contributes to. From the member's side: the relation index of
 * `contributors` (db/relation-index.ts) holds one row per post and contributor, so this reads the
 * member's posts, not every post.
 */
export async function memberPostIds(core: Core, db: WriteScope['db'], userId: string): Promise<string[]> {
  const posts = collectionOf(core, 'posts');
  const index = relationIndexOf(posts, findField(posts, 'contributors')!);
  return index
    ? idsOf(db, sql<{ id: string }>`SELECT record AS id FROM ${sql.table(index)} WHERE target = ${userId}`)
    : idsOf(
        db,
        sql<{
          id: string;
        }>`SELECT p.id FROM posts AS p WHERE EXISTS (SELECT 1 FROM ${core.db.flavor.jsonEach(sql.ref('p.contributors'), 'je')} WHERE ${sql.ref('je.value')} = ${userId})`,
      );
}

/** The member's posts: left where others remain, else orphaned, kept or removed as they chose. */
async function settlePosts(core: Core, s: WriteScope, userId: string, choice: DeletionChoice) {
  const posts = collectionOf(core, 'posts');
  const ids = await memberPostIds(core, s.db, userId);
  for (const id of ids) {
    // An earlier delete may have taken this one with it (a chapter of a removed series does not).
    const post = await findRecord(core.records, posts, id, null, s.db);
    if (!post) continue;
    const contributors = (Array.isArray(post.contributors) ? post.contributors : []).map(text);
    const others = contributors.filter((c) => c !== userId);
    const update = (body: Record<string, unknown>) =>
      updateRecord(core.records, posts, id, body, system(core), s);
    if (others.length) {
      await update({ contributors: others });
      continue;
    }
    const discussion = text(post.type) === 'forum-post';
    if (discussion ? choice.discussions === 'keep' : choice.works === 'orphan') {
      await update({ contributors: [discussion ? DELETED_MEMBER.id : ORPHANED.id] });
      continue;
    }
    if (discussion && (await answeredByOthers(s, id, userId))) {
      await update({ contributors: [DELETED_MEMBER.id] });
      const threads = collectionOf(core, 'forum_posts');
      for (const thread of await idsOf(
        s.db,
        sql<{ id: string }>`SELECT id FROM forum_posts WHERE post = ${id}`,
      ))
        await updateRecord(core.records, threads, thread, { content: REMOVED_TEXT }, system(core), s);
      continue;
    }
    await deleteRecord(core.records, posts, id, system(core), s);
  }
}

async function answeredByOthers(s: WriteScope, postId: string, userId: string): Promise<boolean> {
  return (
    (
      await idsOf(
        s.db,
        sql<{
          id: string;
        }>`SELECT id FROM comments WHERE target = ${postId} AND author <> ${userId} LIMIT 1`,
      )
    ).length > 0
  );
}

/** The member's comments, newest first, so a reply of their own goes before the comment it answers. */
async function settleComments(core: Core, s: WriteScope, userId: string, choice: DeletionChoice) {
  const comments = collectionOf(core, 'comments');
  const ids = await idsOf(
    s.db,
    sql<{ id: string }>`SELECT id FROM comments WHERE author = ${userId} ORDER BY created DESC, id DESC`,
  );
  for (const id of ids) {
    const answered =
      (await idsOf(s.db, sql<{ id: string }>`SELECT id FROM comments WHERE reply = ${id} LIMIT 1`)).length >
      0;
    if (choice.discussions === 'delete' && !answered) {
      await deleteRecord(core.records, comments, id, system(core), s);
      continue;
    }
    const body: Record<string, unknown> = { author: DELETED_MEMBER.id };
    if (choice.discussions === 'delete') Object.assign(body, { content: REMOVED_TEXT, attachments: [] });
    await updateRecord(core.records, comments, id, body, system(core), s);
  }
}

/**
 * Messages stay with the other member, from or to `deleted member`. Each update moves the message into
 * the conversation between the other member and that account (site/conversations.ts keeps it), and the
 * old conversation, whose id named the member, goes.
 */
async function settleMessages(core: Core, s: WriteScope, userId: string) {
  const messages = collectionOf(core, 'messages');
  const ids = await idsOf(
    s.db,
    sql<{ id: string }>`SELECT id FROM messages WHERE "from" = ${userId} OR "to" = ${userId}`,
  );
  for (const id of ids) {
    const message = await findRecord(core.records, messages, id, null, s.db);
    if (!message) continue;
    const side = text(message.from) === userId ? 'from' : 'to';
    await updateRecord(core.records, messages, id, { [side]: DELETED_MEMBER.id }, system(core), s);
  }
  const conversations = await idsOf(
    s.db,
    sql<{ id: string }>`SELECT id FROM conversations
      WHERE member_a = ${userId} OR member_b = ${userId} OR id LIKE ${`${userId}:%`} OR id LIKE ${`%:${userId}`}`,
  );
  for (const id of conversations)
    await deleteRecord(core.records, collectionOf(core, 'conversations'), id, system(core), s);
}

/** Rows of records that must outlive the member, with the member's id replaced (or the row removed). */
async function settleRecords(core: Core, s: WriteScope, userId: string) {
  const reassign = async (collection: string, field: string, to: string) => {
    const ids = await idsOf(
      s.db,
      sql<{ id: string }>`SELECT id FROM ${sql.table(collection)} WHERE ${sql.ref(field)} = ${userId}`,
    );
    for (const id of ids)
      await updateRecord(core.records, collectionOf(core, collection), id, { [field]: to }, system(core), s);
  };
  const remove = async (collection: string, where: ReturnType<typeof sql>) => {
    const ids = await idsOf(
      s.db,
      sql<{ id: string }>`SELECT id FROM ${sql.table(collection)} WHERE ${where}`,
    );
    for (const id of ids)
      await deleteRecord(core.records, collectionOf(core, collection), id, system(core), s);
  };
  // Reports the member made stay open for moderators; the staff chat and moderation log keep what a
  // moderator who left did, as by "deleted member".
  await reassign('reports', 'user', DELETED_MEMBER.id);
  await reassign('post_content_actions', 'resolver', DELETED_MEMBER.id);
  await reassign('staff_messages', 'author', DELETED_MEMBER.id);
  await reassign('moderation_log', 'moderator', DELETED_MEMBER.id);
  // Entries about the member (a ban, a role change) stop naming them; what was done stays.
  const about = await idsOf(
    s.db,
    sql<{ id: string }>`SELECT id FROM moderation_log WHERE target_id = ${userId} OR owner = ${userId}`,
  );
  for (const id of about) {
    const entry = await findRecord(core.records, collectionOf(core, 'moderation_log'), id, null, s.db);
    const body: Record<string, unknown> = { owner: '' };
    if (text(entry?.target_id) === userId)
      Object.assign(body, { target_id: '', summary: 'a deleted member' });
    await updateRecord(core.records, collectionOf(core, 'moderation_log'), id, body, system(core), s);
  }
  // Other members' notices whose link or text carries the member's id (a message's "with=" link).
  const like = `%${userId}%`;
  await remove('notifications', sql`href LIKE ${like} OR content LIKE ${like}`);
  // Where an imported account came from, and every sign-in method's rows (OTPs, OAuth2 links),
  // which name the account by text rather than by relation.
  await remove('import_links', sql`record = ${userId}`);
  for (const collection of core.registry.all()) {
    if (collection.type === 'view' || !collection.fields.some((f) => f.name === 'recordRef')) continue;
    await remove(collection.name, sql`${sql.ref('recordRef')} = ${userId}`);
  }
  await remove('profiles', sql`${sql.ref('user')} = ${userId}`);
}

async function retireUsername(core: Core, s: WriteScope, username: string, now: number) {
  const retired = collectionOf(core, 'retired_usernames');
  const hash = usernameHash(username);
  for (const id of await idsOf(
    s.db,
    sql<{ id: string }>`SELECT id FROM retired_usernames WHERE name_hash = ${hash}`,
  ))
    await deleteRecord(core.records, retired, id, system(core), s);
  const until = formatDate(new Date(now + USERNAME_COOLING_OFF_DAYS * DAY_MS));
  await createRecord(core.records, retired, { name_hash: hash, until }, system(core), s);
}

/**
 * Erases the account for good, in one transaction: what must stay for others is settled first, then
 * the account itself is deleted, which takes every row that only made sense with it (the relations
 * that cascade). A relation left out would make that delete fail rather than keep the member's id.
 */
export async function eraseAccount(
  core: Core,
  userId: string,
  choice: DeletionChoice,
  scope?: WriteScope,
  now = Date.now(),
): Promise<void> {
  if (isPlaceholder(userId)) throw new ApiError(400, 'This account stands in for members who left.');
  await inWriteScope(core.records, scope, async (s) => {
    const users = collectionOf(core, 'users');
    const user = await findRecord(core.records, users, userId, null, s.db);
    if (!user) throw new ApiError(404);
    for (const placeholder of PLACEHOLDERS) await ensurePlaceholder(core, s, placeholder);
    await settlePosts(core, s, userId, choice);
    await settleComments(core, s, userId, choice);
    await settleMessages(core, s, userId);
    await settleRecords(core, s, userId);
    // Mail not yet sent to the account's address (a data export's announcement) goes with it.
    await forgetMailTo(core, text(user.email), s);
    await deleteRecord(core.records, users, userId, system(core), s);
    await retireUsername(core, s, text(user.username), now);
  });
}

/**
 * The request logs keep the addresses members asked for, some of which name the account (its own
 * record, its profile); they go too. Flushed first, so a batch still waiting is not written after.
 */
async function forgetInLogs(core: Core, userId: string): Promise<void> {
  await core.logs.writer.flush();
  await core.logs.store.deleteMentioning(userId);
}

/** An admin's deletion: at once, with the reason in the moderation log (which names nobody erased). */
export async function eraseByStaff(
  core: Core,
  adminId: string,
  userId: string,
  choice: DeletionChoice,
  reason: string,
): Promise<void> {
  await inWriteScope(core.records, undefined, async (s) => {
    await eraseAccount(core, userId, choice, s);
    await createRecord(
      core.records,
      collectionOf(core, 'moderation_log'),
      {
        moderator: adminId,
        action: 'delete_account',
        target_collection: 'users',
        target_id: '',
        summary: `a member's account (works: ${choice.works}, comments and forum posts: ${choice.discussions})`,
        owner: '',
        reason: reason.slice(0, 2000),
      },
      system(core),
      s,
    );
  });
  await forgetInLogs(core, userId);
}

/**
 * Erases every account whose grace period is over; returns the ids erased by this call. Each request
 * is claimed in its own transaction (a row lock on PostgreSQL, the single writer on SQLite), so two
 * runs that overlap erase it once; a sign-in that cancelled it first leaves nothing to claim.
 */
export async function eraseDueAccounts(core: Core, now = Date.now()): Promise<string[]> {
  const cutoff = formatDate(new Date(now));
  const due = await sql<{
    id: string;
    user: string;
    works: string;
    discussions: string;
  }>`SELECT id, "user", works, discussions FROM account_deletions WHERE erase_after <> '' AND erase_after <= ${cutoff} ORDER BY erase_after`.execute(
    core.db.kysely,
  );
  const erased: string[] = [];
  const failures: unknown[] = [];
  for (const row of due.rows) {
    try {
      const done = await inWriteScope(core.records, undefined, async (s) => {
        const claim = await rawWriteUnremembered(
          s.db,
          sql`UPDATE account_deletions SET erase_after = erase_after WHERE id = ${row.id} AND erase_after <> '' AND erase_after <= ${cutoff}`,
        );
        if (Number(claim.numAffectedRows ?? 0) === 0) return false;
        const choice = { works: row.works, discussions: row.discussions } as DeletionChoice;
        await eraseAccount(core, text(row.user), choice, s, now);
        return true;
      });
      if (done) {
        erased.push(text(row.user));
        await forgetInLogs(core, text(row.user));
      }
    } catch (error) {
      // One account that cannot be erased does not hold up the others; the job reports it.
      failures.push(error);
    }
  }
  // Usernames whose cooling-off is over are free again; requests whose mailed link expired unused go.
  await inWriteScope(core.records, undefined, async (s) => {
    const expired = async (collection: string, where: ReturnType<typeof sql>) => {
      const ids = await idsOf(
        s.db,
        sql<{ id: string }>`SELECT id FROM ${sql.table(collection)} WHERE ${where}`,
      );
      for (const id of ids)
        await deleteRecord(core.records, collectionOf(core, collection), id, system(core), s);
    };
    await expired('retired_usernames', sql`until <= ${cutoff}`);
    await expired('account_deletions', sql`erase_after = '' AND confirm_before <= ${cutoff}`);
  });
  if (failures.length) throw failures[0];
  return erased;
}

/** Adds the job to the periodic jobs (`/api/crons`), every `everyMs` (10 minutes by default). */
export function scheduleAccountErasure(core: Core, everyMs: number): void {
  core.crons.add(JOB, { everyMs }, async () => {
    await eraseDueAccounts(core);
  });
}

const USERNAME_TAKEN = {
  code: 'validation_username_unavailable',
  message: `This username is not available. A deleted account's username is free again ${USERNAME_COOLING_OFF_DAYS} days after.`,
};

/**
 * Whether a username is kept from members: a stand-in's, or an erased member's in its cooling-off
 * period. The importers ask it too, so an archive's pen name "orphaned" gets another username.
 */
export async function usernameWithheld(db: WriteScope['db'], username: string): Promise<boolean> {
  if (PLACEHOLDERS.some((p) => p.username === username.trim().toLowerCase())) return true;
  const retired = await idsOf(
    db,
    sql<{
      id: string;
    }>`SELECT id FROM retired_usernames WHERE name_hash = ${usernameHash(username)} AND until > ${formatDate(new Date())}`,
  );
  return retired.length > 0;
}

async function refuseRetiredUsername(event: RecordEvent): Promise<void> {
  const username = text(event.record.username);
  if (event.previous && text(event.previous.username) === username) return;
  if (isPlaceholder(text(event.record.id))) return;
  if (await usernameWithheld(event.db, username))
    throw new ApiError(400, event.previous ? 'Failed to update record.' : 'Failed to create record.', {
      username: USERNAME_TAKEN,
    });
}

export function registerAccountDeletion(core: Core): void {
  onSignIn(core.records, (collection, record) => cancelOnSignIn(core, collection, record));
  core.hooks.on('beforeCreate', refuseRetiredUsername, 'users');
  core.hooks.on('beforeUpdate', refuseRetiredUsername, 'users');
}
