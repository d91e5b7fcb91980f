import { Button } from '@mantine/core';
import { useFollow, useToggleFollow, type FollowKind } from './api/follow';

/**
 * Follow or Unfollow an author or a series (PRODUCT.md §14): followers are told of new published work.
 * Composed in by the app on the series page (and, for authors, wherever a profile shows).
 */
export function FollowButton({ userId, kind, id }: { userId: string; kind: FollowKind; id: string }) {
  const follow = useFollow(userId, kind, id);
  const toggle = useToggleFollow(userId, kind, id);
  const following = Boolean(follow.data);
  return (
    <Button
      size="xs"
      variant={following ? 'filled' : 'light'}
      aria-pressed={following}
      disabled={follow.isPending || follow.isError || toggle.isPending}
      onClick={() => toggle.mutate(follow.data ?? null)}
    >
      {following ? 'Following' : kind === 'series' ? 'Follow Series' : 'Follow'}
    </Button>
  );
}
