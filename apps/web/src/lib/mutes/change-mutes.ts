import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../pocketbase';
import { useSession } from '../session';
import type { MuteRecord } from './types';

export type MuteTarget = { tag: string } | { label: string };

/** Mutes one tag or label for the signed-in member. */
export function addMute(userId: string, target: MuteTarget): Promise<MuteRecord> {
  return pb.collection('mutes').create<MuteRecord>({ user: userId, ...target });
}

export function removeMute(id: string): Promise<boolean> {
  return pb.collection('mutes').delete(id);
}

/**
 * Every list may show different stories after a change, so every cached answer is refreshed (lists of
 * other features included: lib/ cannot know their keys, and a mute changes rarely).
 */
function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries();
}

export function useAddMute() {
  const { user } = useSession();
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (target: MuteTarget) => addMute(user?.id ?? '', target),
    onSuccess: refresh,
  });
}

export function useRemoveMute() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: removeMute, onSuccess: refresh });
}
