import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pb } from '../../../lib/pocketbase';
import { STAFF_CHAT_EXPAND, STAFF_CHAT_HISTORY, type StaffMessage } from './get-staff-messages';
import { staffChatKeys } from './keys';

/** Adds a message to the cached room once, keeping the latest messages only. */
export function addStaffMessage(queryClient: QueryClient, message: StaffMessage): void {
  queryClient.setQueryData<StaffMessage[]>(staffChatKeys.all, (list) => {
    if (!list) return list;
    if (list.some((m) => m.id === message.id)) return list;
    return [...list, message].slice(-STAFF_CHAT_HISTORY);
  });
}

/** Keeps the dashboard's staff chat live: each new message is added as it is written. */
export function useLiveStaffChat(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    pb.collection('staff_messages')
      .subscribe<StaffMessage>(
        '*',
        (event) => {
          if (event.action === 'create') addStaffMessage(queryClient, event.record);
        },
        { expand: STAFF_CHAT_EXPAND },
      )
      .catch((error: unknown) => console.warn('The live staff chat is unavailable:', error));
    return () =>
      void pb
        .collection('staff_messages')
        .unsubscribe('*')
        .catch(() => undefined);
  }, [queryClient]);
}
