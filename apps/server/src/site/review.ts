/**
 * The review workflow (PRODUCT.md §4): stories and series are submitted for review when created;
 * a moderator's decision is a `post_content_actions` record, which the server applies in the same
 * transaction and tells the contributors about.
 */
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { deleteRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { nowString } from '../tools/dates';
import { isHistory } from './history';
import { loadPost } from './links';
import { publishTimeAhead } from './scheduled';
import { notify } from './notify';
import { text } from './values';

const REVIEWED = new Set(['story', 'series']);

/**
 * Stories and series wait for a moderator; forum posts publish at once (PRODUCT.md §4). Imported history
 * is no new submission: what the old archive never published stays its author's draft (site/history.ts).
 */
function submitForReview(event: RecordEvent): void {
  if (event.record.published || isHistory(event.scope)) return;
  if (REVIEWED.has(String(event.record.type))) event.record.submitted = nowString();
  else if (event.record.type === 'forum-post') event.record.published = nowString();
}

async function applyDecision(core: Core, event: RecordEvent): Promise<void> {
  const post = await loadPost(event.db, String(event.record.post));
  if (!post) return;
  const posts = core.registry.find('posts')!;
  const system = systemRequest(core.registry.find('_superusers')!);
  const action = String(event.record.action);
  const reason = text(event.record.resolution);
  const href = post.href;
  await updateRecord(
    core.records,
    core.registry.find('post_content_actions')!,
    String(event.record.id),
    { title: post.title, user: post.contributors[0] ?? '' },
    system,
    event.scope,
  );
  // A story with a publish time still ahead is approved now and comes out then (site/scheduled.ts).
  const scheduledFor = action === 'publish' ? await publishTimeAhead(event, post.id) : '';
  if (scheduledFor) {
    await updateRecord(
      core.records,
      posts,
      post.id,
      { approved: nowString(), submitted: '' },
      system,
      event.scope,
    );
  } else if (action === 'publish') {
    await updateRecord(core.records, posts, post.id, { published: nowString() }, system, event.scope);
  } else if (action === 'reject') {
    // Back to the author as a draft: it leaves the queue until it is submitted again.
    await updateRecord(core.records, posts, post.id, { submitted: '' }, system, event.scope);
  } else {
    await deleteRecord(core.records, posts, post.id, system, event.scope);
  }
  const message = scheduledFor
    ? `Your submission "${post.title}" was approved and will be published on ${scheduledFor.slice(0, 16)} UTC`
    : action === 'publish'
      ? `Your submission "${post.title}" was published`
      : action === 'reject'
        ? `Your submission "${post.title}" was rejected: ${reason}`
        : `Your submission "${post.title}" was deleted: ${reason}`;
  for (const user of post.contributors) {
    await notify(core, event, {
      user,
      icon: action,
      href: action === 'delete' ? '/stories/manage' : href,
      content: message,
    });
  }
}

export function registerReview(core: Core): void {
  core.hooks.on('beforeCreate', submitForReview, 'posts');
  core.hooks.on('afterCreate', (event) => applyDecision(core, event), 'post_content_actions');
}
