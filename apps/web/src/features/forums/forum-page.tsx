import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { HtmlContent } from '../../components/html-content';
import { PageLoader } from '../../components/page-loader';
import { PagePagination, pageNumber } from '../../components/page-pagination';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { usePageTitle } from '../../lib/use-page-title';
import { useForum } from './api/get-forum';
import { useThreads } from './api/get-threads';
import { MISSING_FORUM_TEXT, NO_THREADS_TEXT, SUBMIT_BUTTON_TEXT } from './forum-texts';
import { ThreadRow } from './thread-row';
import { LoadFailed } from '../../components/errors/load-failed';

function Threads({
  forumId,
  page,
  onPage,
}: {
  forumId: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const threads = useThreads(forumId, page);
  if (threads.isPending) return <PageLoader label="Loading posts" />;
  if (threads.isError) {
    return <LoadFailed error={threads.error} onRetry={() => void threads.refetch()} />;
  }
  if (threads.data.items.length === 0) return <Text>{NO_THREADS_TEXT}</Text>;
  return (
    <Stack>
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Posts">
        {threads.data.items.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} />
        ))}
      </Stack>
      <PagePagination page={page} totalPages={threads.data.totalPages} onChange={onPage} />
    </Stack>
  );
}

/** /forums/{forumId}?page=N (spec part 1 §2): the forum's posts, 20 a page, newest activity first. */
export function ForumPage() {
  const { forumId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageNumber(params.get('page'));
  const forum = useForum(forumId);
  usePageTitle(forum.data?.name ?? 'Forum');

  if (forum.isPending) return <PageLoader />;
  if (forum.isError) {
    return (
      <Stack>
        <Title order={1}>Forum</Title>
        <Text role={isNotFoundError(forum.error) ? undefined : 'alert'}>
          {isNotFoundError(forum.error) ? MISSING_FORUM_TEXT : errorMessage(forum.error)}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{forum.data.name}</Title>
        <Button component={Link} to={`/forums/${forumId}/submit`}>
          {SUBMIT_BUTTON_TEXT}
        </Button>
      </Group>
      {forum.data.description && <HtmlContent html={forum.data.description} />}
      <Threads forumId={forumId} page={page} onPage={(next) => setParams({ page: String(next) })} />
    </Stack>
  );
}
