import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { STAFF_CHAT_EXPAND, type StaffMessage } from './get-staff-messages';
import { addStaffMessage } from './live-staff-chat';

/** Writes to the staff chat as oneself (the server refuses anyone else, and any member). */
export function sendStaffMessage(author: string, content: string) {
  return pb
    .collection('staff_messages')
    .create<StaffMessage>({ author, content: content.trim() }, { expand: STAFF_CHAT_EXPAND });
}

export function useSendStaffMessage(author: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendStaffMessage(author, content),
    // The live event brings it too; adding it here shows it at once, and adding twice is a no-op.
    onSuccess: (message) => addStaffMessage(queryClient, message),
    onError: flashError,
  });
}
