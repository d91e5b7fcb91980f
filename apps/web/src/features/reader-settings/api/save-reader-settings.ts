import { useMutation, useMutationState } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { useSession, type SessionUser } from '../../../lib/session';
import { readerSettingsOf, type ReaderSettings } from '../reader-settings';
import { readerSettingsKeys } from './keys';

/**
 * Saves the reader settings into the member's user settings, merged into what is stored when the save
 * runs (saves run one after another, so quick changes never undo each other). The SDK refreshes the
 * signed-in record from the answer, so every page reads the new settings from the session.
 */
export async function saveReaderSettings(userId: string, reader: ReaderSettings): Promise<SessionUser> {
  const current = (pb.authStore.record as SessionUser | null)?.settings ?? {};
  return pb.collection('users').update<SessionUser>(userId, { settings: { ...current, reader } });
}

export function useSaveReaderSettings() {
  return useMutation({
    mutationKey: readerSettingsKeys.save(),
    scope: { id: 'reader-settings' },
    mutationFn: ({ userId, reader }: { userId: string; reader: ReaderSettings }) =>
      saveReaderSettings(userId, reader),
  });
}

/** The member's reader settings: the newest change still being saved, else what the session holds. */
export function useReaderSettings(): ReaderSettings {
  const { user } = useSession();
  const pending = useMutationState({
    filters: { mutationKey: readerSettingsKeys.save(), status: 'pending' },
    select: (mutation) => (mutation.state.variables as { reader: ReaderSettings } | undefined)?.reader,
  });
  return pending.at(-1) ?? readerSettingsOf(user?.settings);
}
