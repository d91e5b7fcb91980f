import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { formatDateTime } from '../../lib/format';
import { contributorName, type PostRecord } from '../../lib/posts/types';

/** Who started a thread (avatar and display name, linking to their profile) and when it was posted. */
export function ThreadAuthor({ post }: { post: PostRecord }) {
  const authors = post.expand?.contributors ?? [];
  return (
    <Group gap="sm" wrap="wrap">
      {authors.map((author) => {
        const name = contributorName(author);
        return (
          <Group key={author.id} gap="xs" wrap="nowrap">
            <Avatar src={avatarUrl(author.expand?.profile)} alt="" size="md" radius="xl">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Anchor component={Link} to={`/profiles/${encodeURIComponent(author.username)}`} fw={600}>
              {name}
            </Anchor>
          </Group>
        );
      })}
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          Posted {formatDateTime(post.published || String(post.created))}
        </Text>
      </Stack>
    </Group>
  );
}
