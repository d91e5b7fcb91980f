import { Group, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { isAdmin } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useForums } from './api/get-forums';
import { usePostCounts } from './api/get-post-counts';
import { ForumControls, NewForumButton } from './forum-admin';
import { ForumTile } from './forum-tile';
import { NO_FORUMS_TEXT } from './forum-texts';
import { LoadFailed } from '../../components/errors/load-failed';

/** /forums (spec part 1 §2): every forum in its sort order; admins also manage them here. */
export function ForumsPage() {
  usePageTitle('Forums');
  const session = useSession();
  const forums = useForums();
  const counts = usePostCounts();
  const manages = isAdmin(session.roles);

  let body;
  if (forums.isPending) body = <PageLoader label="Loading forums" />;
  else if (forums.isError) {
    body = <LoadFailed error={forums.error} onRetry={() => void forums.refetch()} />;
  } else if (forums.data.length === 0) body = <Text>{NO_FORUMS_TEXT}</Text>;
  else {
    // Without the counts (still loading, or failed) the tiles show their posts but no count or link.
    const countOf = (id: string) => (counts.data ? (counts.data.get(id) ?? 0) : undefined);
    body = forums.data.map((forum) => (
      <ForumTile
        key={forum.id}
        forum={forum}
        count={countOf(forum.id)}
        controls={manages ? <ForumControls forum={forum} forums={forums.data} /> : undefined}
      />
    ));
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Forums</Title>
        {manages && forums.data && <NewForumButton forums={forums.data} />}
      </Group>
      {body}
    </Stack>
  );
}
