import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { COAUTHOR_TEXTS } from '../coauthor-texts';
import { coauthorKeys } from './keys';
import type { InvitationRecord } from './types';

/** A refusal shaped as the server's own field errors, so the form shows it as it shows the server's. */
function refusal(code: string, message: string): ClientResponseError {
  return new ClientResponseError({
    status: 400,
    response: { status: 400, message: 'Failed to create record.', data: { user: { code, message } } },
  });
}

export interface InviteTarget {
  postId: string;
  contributors: readonly string[];
  inviter: string;
}

/**
 * Invites a member by username: found through their profile as profile pages find members (members may
 * not list users; a blocked member is not found either), then a pending `post_invitations` row, which the
 * server announces to them. The server also refuses a contributor or a second pending invitation.
 */
export async function inviteMember(target: InviteTarget, username: string): Promise<InvitationRecord> {
  const wanted = username.trim().replace(/^@/, '').toLowerCase();
  const found = await pb.collection('profiles').getList<{ user: string }>(1, 1, {
    filter: pb.filter('username = {:username}', { username: wanted }),
    skipTotal: true,
  });
  const user = found.items[0]?.user;
  if (!wanted || !user) throw refusal('validation_no_member', COAUTHOR_TEXTS.noMember);
  if (target.contributors.includes(user)) {
    throw refusal('validation_already_contributor', COAUTHOR_TEXTS.alreadyContributor);
  }
  return pb
    .collection('post_invitations')
    .create<InvitationRecord>({ post: target.postId, user, inviter: target.inviter });
}

export function useInviteMember(target: InviteTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => inviteMember(target, username),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coauthorKeys.invitations(target.postId) }),
  });
}
