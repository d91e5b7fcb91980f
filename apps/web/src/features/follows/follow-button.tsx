import { Button } from '@mantine/core';
import { useFollow, useToggleFollow, type FollowKind } from './api/follow';

/** The button's words: it says what a press does (follow, or unfollow what the member follows). */
export const FOLLOW_TEXTS = {
  author: { follow: 'Follow', unfollow: 'Unfollow' },
  series: { follow: 'Follow Series', unfollow: 'Unfollow Series' },
} as const;

/**
 * Follow or Unfollow an author or a series (PRODUCT.md §14): followers are told of new published work.
 * Composed in by the app on the series page and on another member's profile.
 */
export function FollowButton({ userId, kind, id }: { userId: string; kind: FollowKind; id: string }) {
  const follow = useFollow(userId, kind, id);
  const toggle = useToggleFollow(userId, kind, id);
  const following = Boolean(follow.data);
  return (
    <Button
      variant={following ? 'default' : 'light'}
      size={kind === 'series' ? 'xs' : 'sm'}
      disabled={follow.isPending || follow.isError || toggle.isPending}
      onClick={() => toggle.mutate(follow.data ?? null)}
    >
      {following ? FOLLOW_TEXTS[kind].unfollow : FOLLOW_TEXTS[kind].follow}
    </Button>
  );
}
