import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';
import { pb } from '../../../lib/pocketbase';
import { blockKeys } from './keys';

/** One row of `blocks`: the signed-in member (blocker) and the member they blocked, with its profile. */
export interface BlockRecord extends RecordModel {
  blocker: string;
  blocked: string;
  expand?: { blocked?: NamedUser };
}

/**
 * The members the signed-in member blocked, newest first. Only the blocker can list these rows (the
 * server's rule), and a member blocks few, so the whole list is read at once.
 */
export function getMyBlocks(): Promise<BlockRecord[]> {
  return pb
    .collection('blocks')
    .getFullList<BlockRecord>({ sort: '-created', expand: 'blocked,blocked.profile' });
}

export function myBlocksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: blockKeys.mine(userId),
    queryFn: getMyBlocks,
    enabled: Boolean(userId),
  });
}

export function useMyBlocks(userId: string) {
  return useQuery(myBlocksQueryOptions(userId));
}

/** The block of the member with this username (or user id), if the signed-in member blocked them. */
export function findBlock(
  blocks: readonly BlockRecord[] | undefined,
  member: string,
): BlockRecord | undefined {
  const wanted = member.toLowerCase();
  return blocks?.find(
    (block) => block.blocked === member || block.expand?.blocked?.username.toLowerCase() === wanted,
  );
}
