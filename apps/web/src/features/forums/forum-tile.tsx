import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HtmlContent } from '../../components/html-content';
import { PageLoader } from '../../components/page-loader';
import { FORUM_TILE_SIZE, type ForumRecord } from './api/forum-lists';
import { useRecentThreads } from './api/get-threads';
import { SUBMIT_BUTTON_TEXT, showMoreText } from './forum-texts';
import { ThreadRow } from './thread-row';
import { LoadFailed } from '../../components/errors/load-failed';

function RecentThreads({ forumId }: { forumId: string }) {
  const threads = useRecentThreads(forumId);
  if (threads.isPending) return <PageLoader label="Loading posts" />;
  if (threads.isError) {
    return <LoadFailed error={threads.error} onRetry={() => void threads.refetch()} />;
  }
  if (threads.data.length === 0) return <Text c="dimmed">No posts yet.</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Recent posts">
      {threads.data.map((thread) => (
        <ThreadRow key={thread.id} thread={thread} />
      ))}
    </Stack>
  );
}

interface ForumTileProps {
  forum: ForumRecord;
  /** The forum's post count; undefined while the counts load. */
  count: number | undefined;
  /** Admin controls (edit, move, delete), when the viewer manages forums. */
  controls?: ReactNode;
}

/**
 * A forum on /forums (spec part 1 §2): name, sanitised description, its 4 most recent posts, the post
 * count, "Show N more posts" when it has more than the tile shows, and "Submit a new Post".
 */
export function ForumTile({ forum, count, controls }: ForumTileProps) {
  const path = `/forums/${forum.id}`;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={`forum-${forum.id}`}
      data-testid="forum-tile"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={`forum-${forum.id}`}>
              <Anchor component={Link} to={path} inherit>
                {forum.name}
              </Anchor>
            </Title>
            {count !== undefined && (
              <Text size="sm" c="dimmed" data-testid="post-count">
                {count} {count === 1 ? 'post' : 'posts'}
              </Text>
            )}
          </Stack>
          <Button component={Link} to={`${path}/submit`} size="xs">
            {SUBMIT_BUTTON_TEXT}
          </Button>
        </Group>
        {forum.description && <HtmlContent html={forum.description} />}
        <RecentThreads forumId={forum.id} />
        {count !== undefined && count > FORUM_TILE_SIZE && (
          <Anchor component={Link} to={path} size="sm">
            {showMoreText(count)}
          </Anchor>
        )}
        {controls}
      </Stack>
    </Paper>
  );
}
