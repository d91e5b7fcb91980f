/**
 * Authorship is consented (PRODUCT.md §15). Co-authors join a post only by accepting an invitation
 * (collections/invitations.ts); the server then adds them to the post's contributors, and tells the
 * inviter the answer. Changes to `contributors` by members are limited here, whatever the rule allows
 * otherwise: nobody is added directly, a contributor may leave, and only the first author removes
 * others. The order is kept, so nobody makes themself the first author by reordering.
 */
import { sql } from 'kysely';
import type { Core } from '../core';
import type { RecordEvent } from '../core/hooks';
import { deleteRecord, updateRecord } from '../core/records/write';
import { systemRequest } from '../core/rules/request-info';
import { ApiError } from '../tools/api-error';
import { loadPost } from './links';
import { notify } from './notify';
import { blockedBetween, messageRefused } from './safe-messages';
import { text } from './values';

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((id) => text(id)) : text(value) ? [text(value)] : [];

const refuse = (message: string) =>
  new ApiError(400, 'Failed to update record.', {
    contributors: { code: 'validation_not_allowed', message },
  });

function limitContributorChanges(event: RecordEvent): void {
  const auth = event.request.auth;
  if (!auth || auth.isSuperuser) return;
  const before = ids(event.previous?.contributors);
  const after = ids(event.record.contributors);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const caller = text(auth.record.id);
  if (after.some((id) => !before.includes(id)))
    throw refuse('Co-authors are invited; they join by accepting the invitation.');
  if (JSON.stringify(before.filter((id) => after.includes(id))) !== JSON.stringify(after))
    throw refuse('The order of the contributors cannot change.');
  const removed = before.filter((id) => !after.includes(id));
  const leavingAlone = removed.length === 1 && removed[0] === caller;
  if (!leavingAlone && before[0] !== caller)
    throw refuse('Only the first author removes other contributors.');
}

const refuseInvitation = (code: string, message: string) =>
  new ApiError(400, 'Failed to create record.', { user: { code, message } });

/**
 * A new invitation starts pending, and carries the post's title and address: the invitee cannot open an
 * unpublished post before accepting, yet must see what they are asked to join. One invitation per member
 * and post: a pending one is refused, and so is a declined one (the invitee said no: they may still
 * accept it after all, or dismiss it); one accepted by someone who since left gives way to the new one.
 * Members who blocked each other cannot invite each other, with the answer a refused message gets, so
 * the inviter cannot tell a block from anything else.
 */
async function checkInvitation(core: Core, event: RecordEvent): Promise<void> {
  event.record.status = 'pending';
  const post = await loadPost(event.db, text(event.record.post));
  const user = text(event.record.user);
  const auth = event.request.auth;
  if (auth && !auth.isSuperuser && (await blockedBetween(core, event.db, text(auth.record.id), user)))
    throw messageRefused();
  if (post?.contributors.includes(user)) {
    throw new ApiError(400, 'Failed to create record.', {
      user: { code: 'validation_already_contributor', message: 'Already a contributor of this post.' },
    });
  }
  if (!post) return;
  const earlier = (
    await sql<{
      id: string;
      status: string;
    }>`SELECT id, status FROM post_invitations WHERE post = ${post.id} AND "user" = ${user}`.execute(event.db)
  ).rows[0];
  if (earlier && text(earlier.status) === 'pending')
    throw refuseInvitation('validation_already_invited', 'Already invited to this post.');
  if (earlier && text(earlier.status) === 'declined')
    throw refuseInvitation('validation_invitation_declined', 'This member declined to co-author this post.');
  // Inside the create's transaction: if the rule then refuses the caller, the answered one stays.
  if (earlier)
    await deleteRecord(
      core.records,
      event.collection,
      text(earlier.id),
      systemRequest(core.registry.find('_superusers')!),
      event.scope,
    );
  event.record.title = post.title;
  event.record.href = post.href;
}

async function announceInvitation(core: Core, event: RecordEvent): Promise<void> {
  const post = await loadPost(event.db, text(event.record.post));
  if (!post) return;
  await notify(core, event, {
    user: text(event.record.user),
    icon: 'invite',
    href: '/notifications',
    content: `You are invited to co-author "${post.title}"`,
  });
}

async function applyAnswer(core: Core, event: RecordEvent): Promise<void> {
  const status = text(event.record.status);
  const before = text(event.previous?.status);
  const answered =
    (before === 'pending' && (status === 'accepted' || status === 'declined')) ||
    (before === 'declined' && status === 'accepted');
  if (!answered) return;
  const post = await loadPost(event.db, text(event.record.post));
  if (!post) return;
  const invitee = text(event.record.user);
  if (status === 'accepted' && !post.contributors.includes(invitee)) {
    await updateRecord(
      core.records,
      core.registry.find('posts')!,
      post.id,
      { contributors: [...post.contributors, invitee] },
      systemRequest(core.registry.find('_superusers')!),
      event.scope,
    );
  }
  await notify(core, event, {
    user: text(event.record.inviter),
    icon: status === 'accepted' ? 'publish' : 'reject',
    href: post.href,
    content: `Your invitation to co-author "${post.title}" was ${status}`,
  });
}

export function registerCoauthors(core: Core): void {
  core.hooks.on('beforeUpdate', limitContributorChanges, 'posts');
  core.hooks.on('beforeCreate', (event) => checkInvitation(core, event), 'post_invitations');
  core.hooks.on('afterCreate', (event) => announceInvitation(core, event), 'post_invitations');
  core.hooks.on('afterUpdate', (event) => applyAnswer(core, event), 'post_invitations');
}
