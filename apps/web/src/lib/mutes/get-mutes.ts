import { queryOptions, useQuery } from '@tanstack/react-query';
import { pb } from '../pocketbase';
import { useSession } from '../session';
import { muteKeys } from './keys';
import type { MuteRecord } from './types';

/** The member's muted tags and labels, with their names (private to them; at most a few hundred). */
export async function getMutes(): Promise<MuteRecord[]> {
  return pb.collection('mutes').getFullList<MuteRecord>({ sort: 'created', expand: 'tag,label' });
}

export const mutesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: muteKeys.mine(userId), queryFn: getMutes, enabled: userId !== '' });

export function useMutes() {
  const { user } = useSession();
  return useQuery(mutesQueryOptions(user?.id ?? ''));
}
