import { useMutation } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { UserSettings } from '../../../lib/session';

/** Who may start a conversation with the member (PRODUCT.md §14); staff always may. */
export const MESSAGES_FROM_CHOICES = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'verified', label: 'Verified members who joined over 7 days ago' },
  { value: 'nobody', label: 'Nobody (staff always can)' },
] as const;

export type MessagesFrom = (typeof MESSAGES_FROM_CHOICES)[number]['value'];

export function messagesFromOf(settings: (UserSettings & { messages_from?: unknown }) | null | undefined) {
  const value = settings?.messages_from;
  return MESSAGES_FROM_CHOICES.find((choice) => choice.value === value)?.value ?? 'everyone';
}

/**
 * Saves the choice into the member's settings, keeping the other settings as they are. The SDK's auth
 * store is refreshed with the answer, so the session shows the new choice at once.
 */
export async function saveMessagesFrom(
  userId: string,
  settings: object | null | undefined,
  choice: MessagesFrom,
) {
  const record = await pb
    .collection('users')
    .update(userId, { settings: { ...settings, messages_from: choice } });
  return record;
}

export function useSaveMessagesFrom() {
  return useMutation({
    mutationFn: ({
      userId,
      settings,
      choice,
    }: {
      userId: string;
      settings: object | null | undefined;
      choice: MessagesFrom;
    }) => saveMessagesFrom(userId, settings, choice),
  });
}
