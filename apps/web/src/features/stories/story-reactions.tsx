import { Button, Group, Text } from '@mantine/core';
import { useMyReaction, useToggleReaction, type Reaction } from './api/reactions';
import type { PostRecord } from './api/types';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

interface ToggleProps {
  reaction: Reaction;
  label: string;
  storyId: string;
  post: PostRecord;
  userId: string;
}

/** A like or favorite button; pressed while the member's record exists (spec part 1 §4). */
function ReactionToggle({ reaction, label, storyId, post, userId }: ToggleProps) {
  const mine = useMyReaction(reaction, post.id, userId);
  const toggle = useToggleReaction(reaction, storyId, post, userId);
  const on = Boolean(mine.data);
  return (
    <Button
      variant={on ? 'filled' : 'light'}
      aria-pressed={on}
      disabled={mine.isPending || toggle.isPending}
      onClick={() => toggle.mutate(mine.data ?? null)}
    >
      {label}
    </Button>
  );
}

/** Like and Favorite with their counts, and the view count. */
export function StoryReactions({
  storyId,
  post,
  userId,
}: {
  storyId: string;
  post: PostRecord;
  userId?: string;
}) {
  return (
    <Group gap="md">
      {userId && (
        <ReactionToggle reaction="likes" label="Like" storyId={storyId} post={post} userId={userId} />
      )}
      <Text size="sm" data-testid="like-count">
        {plural(post.like_count ?? 0, 'like')}
      </Text>
      {userId && (
        <ReactionToggle reaction="favorites" label="Favorite" storyId={storyId} post={post} userId={userId} />
      )}
      <Text size="sm" data-testid="favorite-count">
        {plural(post.favorite_count ?? 0, 'favorite')}
      </Text>
      <Text size="sm" c="dimmed" data-testid="view-count">
        {plural(post.view_count ?? 0, 'view')}
      </Text>
    </Group>
  );
}
