import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { contributorName } from '../../lib/posts/types';
import { threadPath, type ThreadRecord } from './api/forum-lists';
import { PINNED_BADGE } from './forum-texts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A thread in a list: its title linking to it, who started it, its last activity and its counts. */
export function ThreadRow({ thread }: { thread: ThreadRecord }) {
  const post = thread.expand?.post;
  if (!post) return null;
  const authors = (post.expand?.contributors ?? []).map(contributorName).join(', ');
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }} data-testid="thread-row">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {thread.pinned && (
            <Badge color="grape" variant="light" size="sm">
              {PINNED_BADGE}
            </Badge>
          )}
          <Anchor
            component={Link}
            to={threadPath(thread.forum, thread.id)}
            fw={600}
            style={{ wordBreak: 'break-word' }}
          >
            {post.title}
          </Anchor>
        </Group>
        <Group gap="xs">
          {authors && <Text size="xs">by {authors}</Text>}
          <Text size="xs" c="dimmed">
            {formatDateTime(String(thread.updated))}
          </Text>
          <Text size="xs" c="dimmed">
            {plural(post.comment_count ?? 0, 'comment')} · {plural(post.like_count ?? 0, 'like')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
