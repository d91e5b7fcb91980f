import { Button, Group, Text } from '@mantine/core';
import type { PostCache } from '../../lib/posts/post-cache';
import { useMyReaction, useToggleReaction, type Reaction } from '../../lib/posts/reactions';
import type { PostRecord } from '../../lib/posts/types';
import { flashError } from '../flash';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

interface ToggleProps {
  reaction: Reaction;
  label: string;
  post: PostRecord;
  userId: string;
  cache: PostCache;
}

/** A like or favorite button; pressed while the member's record exists (spec part 1 §4). */
function ReactionToggle({ reaction, label, post, userId, cache }: ToggleProps) {
  const mine = useMyReaction(reaction, post.id, userId);
  const toggle = useToggleReaction(reaction, post, userId, cache);
  const on = Boolean(mine.data);
  return (
    <Button
      variant={on ? 'filled' : 'light'}
      aria-pressed={on}
      disabled={mine.isPending || toggle.isPending}
      onClick={() => toggle.mutate(mine.data ?? null, { onError: flashError })}
    >
      {label}
    </Button>
  );
}

interface PostReactionsProps {
  post: PostRecord;
  /** The signed-in member; without one only the counts show. */
  userId?: string;
  /** Where the screen caches the post, so the counts move at once. */
  cache: PostCache;
  /** Favorites are of stories and series only (spec part 1 §3): forum posts show likes alone. */
  favorites?: boolean;
}

/** Like and Favorite with their counts, and the view count, for any kind of post. */
export function PostReactions({ post, userId, cache, favorites = true }: PostReactionsProps) {
  return (
    <Group gap="md">
      {userId && <ReactionToggle reaction="likes" label="Like" post={post} userId={userId} cache={cache} />}
      <Text size="sm" data-testid="like-count">
        {plural(post.like_count ?? 0, 'like')}
      </Text>
      {favorites && userId && (
        <ReactionToggle reaction="favorites" label="Favorite" post={post} userId={userId} cache={cache} />
      )}
      {favorites && (
        <Text size="sm" data-testid="favorite-count">
          {plural(post.favorite_count ?? 0, 'favorite')}
        </Text>
      )}
      <Text size="sm" c="dimmed" data-testid="view-count">
        {plural(post.view_count ?? 0, 'view')}
      </Text>
    </Group>
  );
}
