import { Badge, Group, Text } from '@mantine/core';
import type { PostRecord } from './api/types';
import { contributorName } from './api/types';

export const NOT_PUBLISHED_TEXT = 'Not Published';

function formatDate(value: string): string {
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Who wrote a story and when it was published, or "Not Published" while it is not (spec part 1 §4). */
export function StoryByline({ post }: { post: PostRecord }) {
  const authors = (post.expand?.contributors ?? []).map(contributorName).join(', ');
  return (
    <Group gap="xs">
      {authors && <Text size="sm">by {authors}</Text>}
      {post.published ? (
        <Text size="sm" c="dimmed">
          {formatDate(post.published)}
        </Text>
      ) : (
        <Badge color="yellow" variant="light">
          {NOT_PUBLISHED_TEXT}
        </Badge>
      )}
    </Group>
  );
}

/** The story's tags as small badges. */
export function StoryTags({ post }: { post: PostRecord }) {
  const tags = post.expand?.tags ?? [];
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label="Tags">
      {tags.map((tag) => (
        <Badge key={tag.id} variant="outline" size="sm" tt="none">
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}
