/**
 * @mentions (issue 44): `@username` in a comment or a forum thread's first post tells that member, once
 * per post, unless they blocked the writer (site/notify.ts) or cannot see the post it is on (its view
 * rule, judged for them inside the write). At most `MAX_MENTION_NOTICES` different members are told per
 * text, so nobody can ping the whole community; a mention added by an edit tells its member then.
 *
 * Code spans and fenced code are not read (`@decorator` in a code sample is nobody), nor an address
 * such as `someone@example.com`: a mention starts the text or follows a character that is not part of a
 * name.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { findRecord } from '../core/records/find';
import { prepareView } from '../core/records/read';
import { inWrite } from '../core/records/remembered-exists';
import { guestRequest } from '../core/rules/request-info';
import { rememberedPost } from './links';
import { notify } from './notify';
import { text } from './values';

export const MAX_MENTION_NOTICES = 10;

/** A username as users.ts allows it (letters, digits, `.`, `_`, `-`), not ending with a full stop. */
const MENTION = /(^|[^A-Za-z0-9._@-])@([A-Za-z0-9_-](?:[A-Za-z0-9._-]*[A-Za-z0-9_-])?)/g;
const FENCED = /^(```|~~~)[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;

/** The usernames a text mentions, lower-cased, first mention first, each once. */
export function mentionedUsernames(markdown: string): string[] {
  const prose = markdown.replace(FENCED, ' ').replace(CODE_SPAN, ' ');
  const names: string[] = [];
  for (const match of prose.matchAll(MENTION)) {
    const name = match[2]!.toLowerCase();
    if (name.length >= 3 && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The ids of the members a text mentions (those who exist), in mention order. */
async function mentionedMembers(event: RecordEvent, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = (
    await sql<{
      id: string;
      username: string;
    }>`SELECT id, username FROM users WHERE username IN (${sql.join([...names])})`.execute(event.db)
  ).rows;
  const byName = new Map(rows.map((row) => [text(row.username).toLowerCase(), text(row.id)]));
  return names.map((name) => byName.get(name)).filter((id): id is string => id !== undefined);
}

/** Whether the member may see the post, by its view rule as they would ask, inside this write. */
async function canSeePost(
  core: Core,
  event: RecordEvent,
  memberId: string,
  postId: string,
): Promise<boolean> {
  const users = core.registry.find('users')!;
  const member = await findRecord(core.records, users, memberId, null, event.db);
  if (!member) return false;
  const request = guestRequest({ auth: { collection: users, record: member, isSuperuser: false } });
  const view = prepareView(core.records, core.registry.find('posts')!, postId, request);
  return (await view.statement.execute(event.db)).rows.length > 0;
}

/**
 * The members the new text mentions who are to be told: not mentioned before the edit, not already
 * told of this write (`told`, e.g. the post's authors), who may see the post; at most
 * `MAX_MENTION_NOTICES` names of the text count, whoever they are.
 */
export async function membersToTellOfMentions(
  core: Core,
  event: RecordEvent,
  postId: string,
  told: ReadonlySet<string>,
): Promise<string[]> {
  const before = new Set(event.previous ? mentionedUsernames(text(event.previous.content)) : []);
  const names = mentionedUsernames(text(event.record.content))
    .slice(0, MAX_MENTION_NOTICES)
    .filter((name) => !before.has(name));
  const members: string[] = [];
  for (const id of await mentionedMembers(event, names)) {
    if (told.has(id) || !(await canSeePost(core, event, id, postId))) continue;
    members.push(id);
  }
  return members;
}

/** A forum thread's first post: its mentions are told when it is written and when an edit adds one. */
async function threadMentionNotices(core: Core, event: RecordEvent): Promise<void> {
  const post = await rememberedPost(inWrite(core.records, event.scope), text(event.record.post));
  if (!post) return;
  for (const user of await membersToTellOfMentions(core, event, post.id, new Set(post.contributors)))
    await notify(core, event, {
      user,
      icon: 'mention',
      href: post.href,
      content: `You were mentioned in "${post.title}"`,
    });
}

/** Comments' mentions are told with the comment's other notices (site/engagement.ts), once per member. */
export function registerMentions(core: Core): void {
  core.hooks.on('afterCreate', (event) => threadMentionNotices(core, event), 'forum_posts');
  core.hooks.on('afterUpdate', (event) => threadMentionNotices(core, event), 'forum_posts');
}
