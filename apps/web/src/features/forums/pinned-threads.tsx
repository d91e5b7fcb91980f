import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { contributorName } from '../../lib/posts/types';
import { threadPath } from './api/forum-lists';
import { usePinnedThreads } from './api/get-pinned-threads';
import { PINNED_HEADING } from './forum-texts';

export const PINNED_UNAVAILABLE = 'The pinned threads could not be loaded just now.';

/**
 * The pinned forum threads above the home page's content, oldest first (spec part 1 §2 and §7). With
 * none pinned the home page shows its content alone.
 */
export function PinnedThreads() {
  const pinned = usePinnedThreads();
  if (pinned.isPending) return <PageLoader label="Loading pinned threads" />;
  // The pinned threads are an extra above the page's own content: when they cannot be had, a quiet line
  // says so rather than an alert that would read as if the home page itself had failed.
  if (pinned.isError) {
    return (
      <Text c="dimmed" size="sm">
        {PINNED_UNAVAILABLE} ({errorMessage(pinned.error)})
      </Text>
    );
  }
  if (pinned.data.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pinned-heading">
      <Title order={2} size="h3" id="pinned-heading" mb="xs">
        {PINNED_HEADING}
      </Title>
      <Stack component="ul" gap={6} p={0} m={0}>
        {pinned.data.map((row) => {
          const post = row.expand?.post;
          if (!post) return null;
          const authors = (post.expand?.contributors ?? []).map(contributorName).join(', ');
          return (
            <li key={row.id} style={{ listStyle: 'none' }} data-testid="pinned-thread">
              <Anchor component={Link} to={threadPath(row.forum, row.id)} fw={600}>
                {post.title}
              </Anchor>
              <Text size="xs" c="dimmed" span ml="xs">
                {[row.expand?.forum?.name, authors && `by ${authors}`, formatDate(String(row.created))]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
