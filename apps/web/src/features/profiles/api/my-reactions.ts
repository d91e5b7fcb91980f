import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import type { Reaction } from '../../../lib/posts/reactions';
import type { PostRecord } from '../../../lib/posts/types';
import { profileKeys } from './keys';

/** Spec part 1 §9: likes lists load up to 10000 records. */
export const REACTIONS_LIMIT = 10000;

/** A story or series the member liked or favorited, with where it lives. */
export interface ReactedItem {
  /** The like or favorite record, deleted to take it back. */
  reactionId: string;
  kind: 'story' | 'series';
  /** The story or series id its page has. */
  id: string;
  title: string;
}

type Holder = RecordModel | RecordModel[] | undefined;

interface ReactionRecord extends RecordModel {
  expand?: {
    target?: PostRecord & { expand?: { stories_via_post?: Holder; series_via_post?: Holder } };
  };
}

/** A back-relation expand may come as one record or a list; the post backs at most one of each. */
const firstOf = (holder: Holder) => (Array.isArray(holder) ? holder[0] : holder);

function toItem(record: ReactionRecord): ReactedItem | null {
  const post = record.expand?.target;
  if (!post) return null;
  const kind = post.type === 'series' ? 'series' : post.type === 'story' ? 'story' : null;
  if (!kind) return null;
  const holder = firstOf(kind === 'series' ? post.expand?.series_via_post : post.expand?.stories_via_post);
  if (!holder) return null;
  return { reactionId: record.id, kind, id: holder.id, title: post.title };
}

/**
 * "likes and favorites: list by type and user" (spec part 1 §7), newest first, with the post and the
 * story or series behind it, so each item links to its page.
 */
export async function getMyReactions(reaction: Reaction, userId: string): Promise<ReactedItem[]> {
  const records = await pb.collection(reaction).getList<ReactionRecord>(1, REACTIONS_LIMIT, {
    filter: pb.filter('user = {:user}', { user: userId }),
    sort: '-created',
    expand: 'target,target.stories_via_post,target.series_via_post',
    skipTotal: true,
  });
  return records.items.map(toItem).filter((item): item is ReactedItem => item !== null);
}

export function myReactionsQueryOptions(reaction: Reaction, userId: string) {
  return queryOptions({
    queryKey: profileKeys.reactions(reaction, userId),
    queryFn: () => getMyReactions(reaction, userId),
  });
}

export function useMyReactions(reaction: Reaction, userId: string) {
  return useQuery(myReactionsQueryOptions(reaction, userId));
}

/** Un-like / un-favorite in place: the item leaves the list at once and comes back if the server refuses. */
export function useRemoveReaction(reaction: Reaction, userId: string) {
  const queryClient = useQueryClient();
  const key = profileKeys.reactions(reaction, userId);
  return useMutation({
    mutationFn: (item: ReactedItem) => pb.collection(reaction).delete(item.reactionId),
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ReactedItem[]>(key);
      queryClient.setQueryData<ReactedItem[]>(key, (items) =>
        items?.filter((other) => other.reactionId !== item.reactionId),
      );
      return { before };
    },
    onError: (_error, _item, context) => queryClient.setQueryData(key, context?.before),
    // The post's counters and the "my reaction" state on its page change too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['post-reactions', reaction] }),
  });
}
