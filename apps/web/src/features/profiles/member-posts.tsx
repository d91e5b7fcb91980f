import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination } from '../../components/page-pagination';
import { formatDate } from '../../lib/format';
import { useMemberPosts, type MemberPostKind } from './api/get-member-posts';
import { LoadFailed } from '../../components/errors/load-failed';

const SECTIONS: Record<MemberPostKind, { heading: string; empty: string; path: string }> = {
  stories: { heading: 'Stories', empty: 'No published stories yet.', path: '/stories' },
  series: { heading: 'Series', empty: 'No published series yet.', path: '/series' },
};

/** One kind of the member's published work, newest first, paginated in place. */
export function MemberPosts({ kind, userId }: { kind: MemberPostKind; userId: string }) {
  const [page, setPage] = useState(1);
  const posts = useMemberPosts(kind, userId, page);
  const section = SECTIONS[kind];
  const headingId = `member-${kind}`;

  let body;
  if (posts.isPending) body = <PageLoader />;
  else if (posts.isError) body = <LoadFailed error={posts.error} onRetry={() => void posts.refetch()} />;
  else if (posts.data.items.length === 0) body = <Text c="dimmed">{section.empty}</Text>;
  else
    body = (
      <Stack gap="xs">
        {posts.data.items.map((item) => (
          <Card key={item.id} withBorder padding="sm" component="article">
            <Anchor component={Link} to={`${section.path}/${item.id}`} fw={600}>
              {item.expand?.post?.title ?? item.id}
            </Anchor>
            {item.expand?.post?.published && (
              <Text size="sm" c="dimmed">
                {formatDate(item.expand.post.published)}
              </Text>
            )}
            {item.expand?.post?.description && <Text size="sm">{item.expand.post.description}</Text>}
          </Card>
        ))}
        <PagePagination page={page} totalPages={posts.data.totalPages} onChange={setPage} />
      </Stack>
    );

  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Title order={2} id={headingId} size="h3">
        {section.heading}
      </Title>
      {body}
    </Stack>
  );
}
