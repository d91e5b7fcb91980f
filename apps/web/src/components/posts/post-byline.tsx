import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { contributorName, type PostRecord } from '../../lib/posts/types';

export const NOT_PUBLISHED_TEXT = 'Not Published';

/**
 * Who wrote a post and when it was published, or "Not Published" while it is not (spec part 1 §4).
 * Each author's name leads to their profile, where a reader follows, messages, reports or blocks them.
 */
export function PostByline({ post }: { post: PostRecord }) {
  const authors = post.expand?.contributors ?? [];
  return (
    <Group gap="xs">
      {authors.length > 0 && (
        <Text size="sm">
          by{' '}
          {authors.map((author, i) => (
            <Fragment key={author.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={`/profiles/${encodeURIComponent(author.username)}`} inherit>
                {contributorName(author)}
              </Anchor>
            </Fragment>
          ))}
        </Text>
      )}
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

/**
 * The post's tags as small badges, each leading to the list of that kind of post with the tag
 * (`browsePath`: /stories/browse or /series/browse).
 */
export function PostTags({ post, browsePath }: { post: PostRecord; browsePath: string }) {
  const tags = post.expand?.tags ?? [];
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label="Tags">
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          component={Link}
          to={`${browsePath}?tag=${encodeURIComponent(tag.id)}`}
          variant="outline"
          size="sm"
          tt="none"
          style={{ cursor: 'pointer' }}
        >
          {tag.name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The labels the authors chose, each leading to the list of that kind of post with the label. The
 * label's colour is the dot; the text keeps the theme's colour, so it stays readable whatever was chosen.
 */
export function PostLabels({ post, browsePath }: { post: PostRecord; browsePath: string }) {
  const labels = post.expand?.labels ?? [];
  if (labels.length === 0) return null;
  return (
    <Group gap={4} aria-label="Labels">
      {labels.map((label) => (
        <Badge
          key={label.id}
          component={Link}
          to={`${browsePath}?label=${encodeURIComponent(label.id)}`}
          variant="dot"
          color={label.color || 'gray'}
          size="sm"
          tt="none"
          style={{ cursor: 'pointer' }}
        >
          {label.name}
        </Badge>
      ))}
    </Group>
  );
}
