import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { COAUTHOR_TEXTS } from '../coauthor-texts';
import type { InvitationRecord } from './types';

export type InvitationAnswer = 'accepted' | 'declined';

/** The invitee's answer, once: the server adds them to the post's contributors on accepting. */
export function answerInvitation(invitationId: string, status: InvitationAnswer): Promise<InvitationRecord> {
  return pb.collection('post_invitations').update<InvitationRecord>(invitationId, { status });
}

export interface AnswerVariables {
  id: string;
  status: InvitationAnswer;
  /** The post's title, for the words said afterwards. */
  title: string;
}

/**
 * Answers an invitation. Accepting changes the post (its authors, who may edit it) wherever the app shows
 * it, so every cached query is read again, as blocking does. The outcome is said here: the answered
 * invitation leaves the list, and with it the buttons, before their own callbacks would run.
 */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: AnswerVariables) => answerInvitation(id, status),
    onError: flashError,
    onSuccess: (_answered, { status, title }) => {
      flash.success(status === 'accepted' ? COAUTHOR_TEXTS.accepted(title) : COAUTHOR_TEXTS.declined);
      return queryClient.invalidateQueries();
    },
  });
}
