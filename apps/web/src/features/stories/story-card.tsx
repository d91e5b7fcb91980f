import { Anchor, Card, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination, PastTheEnd } from '../../components/page-pagination';
import type { StoryRecord } from '../../lib/posts/types';
import { PostByline, PostLabels, PostTags } from '../../components/posts/post-byline';
import { HiddenByFilters } from '../../components/posts/hidden-by-filters';
import { PostSizeBadges } from '../../components/posts/post-sizes';
import type { HiddenCount } from '../../lib/mutes/types';
import { LoadFailed } from '../../components/errors/load-failed';

/** A story in a list: title linking to it, byline, description and tags. */
export function StoryCard({ story }: { story: StoryRecord }) {
  const post = story.expand?.post;
  if (!post) return null;
  return (
    <Card withBorder component="article" aria-labelledby={`story-${story.id}`}>
      <Stack gap={6}>
        <Anchor component={Link} to={`/stories/${story.id}`} fw={700} size="lg" id={`story-${story.id}`}>
          {post.title}
        </Anchor>
        <PostByline post={post} />
        {post.description && <Text size="sm">{post.description}</Text>}
        <PostSizeBadges post={post} />
        <PostLabels post={post} browsePath="/stories/browse" />
        <PostTags post={post} browsePath="/stories/browse" />
      </Stack>
    </Card>
  );
}

interface StoryListProps {
  stories: UseQueryResult<ListResult<StoryRecord> & HiddenCount>;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  /** "Show them": the list again with the member's muted tags and labels (PRODUCT.md §14). */
  onShowHidden?: () => void;
}

/** One page of stories with page links, or its loading, error or empty state. */
export function StoryList({ stories, page, onPage, emptyText, onShowHidden }: StoryListProps) {
  if (stories.isPending) return <PageLoader />;
  if (stories.isError) {
    return <LoadFailed error={stories.error} onRetry={() => void stories.refetch()} />;
  }
  const { items, totalPages } = stories.data;
  const hidden = onShowHidden && <HiddenByFilters list={stories.data} onShow={onShowHidden} />;
  if (items.length === 0 && page > 1 && totalPages > 0)
    return <PastTheEnd page={page} lastPage={totalPages} onPage={onPage} />;
  if (items.length === 0)
    return (
      <Stack>
        {hidden}
        <Text>{emptyText}</Text>
      </Stack>
    );
  return (
    <Stack>
      {hidden}
      {items.map((story) => (
        <StoryCard key={story.id} story={story} />
      ))}
      <PagePagination page={page} totalPages={totalPages} onChange={onPage} />
    </Stack>
  );
}
