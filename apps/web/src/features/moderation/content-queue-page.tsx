import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PageLoader } from '../../components/page-loader';
import { PagePagination } from '../../components/page-pagination';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useSubmittedPosts } from './api/get-submitted-posts';
import { REVIEW_TEXTS } from './api/queue-types';
import { QueueEntry } from './queue-entry';
import { useQueueParams } from './queue-params';
import { LoadFailed } from '../../components/errors/load-failed';

/** /admin/content-queue?page=N&pageSize=M (spec part 2 §2): submissions awaiting review, oldest first. */
export function ContentQueuePage() {
  usePageTitle('Content Queue');
  const { user } = useSession();
  const { page, pageSize, goTo } = useQueueParams();
  const queue = useSubmittedPosts(page, pageSize);

  // Deciding on the last submission of the last page leaves that page empty: step back to the new last page.
  const lastPage = queue.data?.totalPages ?? 0;
  const pastTheEnd = queue.isSuccess && !queue.isPlaceholderData && lastPage > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) goTo(lastPage);
  });

  let body;
  if (queue.isPending) body = <PageLoader />;
  else if (queue.isError) {
    body = <LoadFailed error={queue.error} onRetry={() => void queue.refetch()} />;
  } else if (queue.data.totalItems === 0) body = <Text size="lg">{REVIEW_TEXTS.empty}</Text>;
  else if (queue.data.items.length === 0) body = <PageLoader />;
  else {
    body = (
      <Stack>
        <Text size="sm" c="dimmed">
          {queue.data.totalItems} awaiting review
        </Text>
        {queue.data.items.map((post) => (
          <QueueEntry key={post.id} post={post} resolver={user?.id ?? ''} />
        ))}
        <PagePagination page={page} totalPages={queue.data.totalPages} onChange={goTo} />
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>Content Queue</Title>
      {body}
    </Stack>
  );
}
