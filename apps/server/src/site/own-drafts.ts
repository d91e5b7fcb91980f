/**
 * Who may list a post, and everything hanging from one (stories, series, comments, likes...):
 * "published, or the caller contributes to it, or the caller moderates" (collections/posts.ts
 * `CAN_SEE_POST`). The middle part names the caller, so every member's list total is a different
 * question: at 100,000 stories that is one count over the whole table per member, where one shared
 * total would do.
 *
 * For a caller none of whose posts is unpublished, "the caller contributes to it" only ever holds for
 * a published post, which the first part lets through already. Their lists use the rules without it:
 * the same rows, and a total every such member shares (the list cache keys totals by their SQL). A
 * caller with a draft, a submission or a scheduled story keeps the whole rules. The check runs after
 * the caller's own earlier writes committed, so a member always sees the draft they just saved.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import { findField } from '../core/collections/model';
import { relationIndexOf } from '../core/collections/relation-indexes';
import { columnKey, rowsKey } from '../core/records/list-cache';
import type { ListRuleShortcut } from '../core/records/read';
import { memoByText } from '../tools/memo';
import { rememberedExists, type ExistsReads } from '../core/records/remembered-exists';

/**
 * `CAN_SEE_POST(prefix)`'s first two parts as collections/rules.ts `any` writes them; the prefix must be
 * the same in both, so only "published, or contributes to that same post" is ever shortened.
 */
const PUBLISHED_OR_CONTRIBUTES =
  /\(((?:\w+\.)*)published != ''\) \|\| \(@request\.auth\.id != '' && \1contributors\.id \?= @request\.auth\.id\) \|\| /g;

/** The rule without the "contributes" part wherever it follows "published" on the same post. */
export const withoutOwnUnpublished = memoByText(500, (rule: string): string =>
  rule.replace(PUBLISHED_OR_CONTRIBUTES, "($1published != '') || "),
);

/** Whether `member` contributes to a post that is not published (a draft, a submission, a scheduled story). */
async function hasUnpublishedPost(core: Core, member: string, io: ExistsReads): Promise<boolean> {
  const posts = core.registry.find('posts');
  const contributors = findField(posts, 'contributors');
  const index = posts && contributors ? relationIndexOf(posts, contributors) : undefined;
  // Without the relation index the question cannot be asked cheaply: keep the whole rules.
  if (!index) return true;
  const unpublished = sql`SELECT p.id FROM ${sql.table(index)} AS c
    JOIN posts AS p ON p.id = c.record
    WHERE c.target = ${member} AND (p.published = '' OR p.published IS NULL) LIMIT 1`;
  // The relation index follows `posts.contributors`, so a change to it is a change of that column.
  const reads = [rowsKey('posts'), columnKey('posts', 'published'), columnKey('posts', 'contributors')];
  return rememberedExists(io, unpublished, reads);
}

export function withoutOwnDraftsWhenNone(core: Core): ListRuleShortcut {
  return async (request, ruleOf, io) => {
    const rules = new Map<string, string>();
    const auth = request.auth;
    if (!auth || auth.isSuperuser) return rules;
    if (await hasUnpublishedPost(core, String(auth.record.id), io)) return rules;
    for (const collection of core.registry.all()) {
      const rule = ruleOf(collection.name);
      if (!rule) continue;
      const shorter = withoutOwnUnpublished(rule);
      if (shorter !== rule) rules.set(collection.name, shorter);
    }
    return rules;
  };
}

/** After the blocks shortcut (site/blocks.ts), so a member with neither blocks nor drafts gets both. */
export function registerOwnDrafts(core: Core): void {
  core.listRuleShortcuts.push(withoutOwnDraftsWhenNone(core));
}
