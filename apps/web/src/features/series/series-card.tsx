import { Anchor, Card, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult } from 'pocketbase';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination } from '../../components/page-pagination';
import { PostByline, PostTags } from '../../components/posts/post-byline';
import { HiddenByFilters } from '../../components/posts/hidden-by-filters';
import { PostSizeBadges } from '../../components/posts/post-sizes';
import type { HiddenCount } from '../../lib/mutes/types';
import type { SeriesRecord } from '../../lib/posts/types';
import { LoadFailed } from '../../components/errors/load-failed';

const chapterCount = (count: number) => `${count} chapter${count === 1 ? '' : 's'}`;

/** A series in a list: title linking to it, byline, chapter count, description and tags. */
export function SeriesCard({ series }: { series: SeriesRecord }) {
  const post = series.expand?.post;
  if (!post) return null;
  return (
    <Card withBorder component="article" aria-labelledby={`series-${series.id}`}>
      <Stack gap={6}>
        <Anchor component={Link} to={`/series/${series.id}`} fw={700} size="lg" id={`series-${series.id}`}>
          {post.title}
        </Anchor>
        <PostByline post={post} />
        <Text size="sm" c="dimmed">
          {chapterCount(series.stories.length)}
        </Text>
        {post.description && <Text size="sm">{post.description}</Text>}
        <PostSizeBadges post={post} />
        <PostTags post={post} browsePath="/series/browse" />
      </Stack>
    </Card>
  );
}

interface SeriesListProps {
  series: UseQueryResult<ListResult<SeriesRecord> & HiddenCount>;
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  /** "Show them": the list again with the member's muted tags and labels (PRODUCT.md §14). */
  onShowHidden?: () => void;
}

/** One page of series with page links, or its loading, error or empty state. */
export function SeriesList({ series, page, onPage, emptyText, onShowHidden }: SeriesListProps) {
  if (series.isPending) return <PageLoader />;
  if (series.isError) {
    return <LoadFailed error={series.error} onRetry={() => void series.refetch()} />;
  }
  const hidden = onShowHidden && <HiddenByFilters list={series.data} onShow={onShowHidden} />;
  if (series.data.items.length === 0)
    return (
      <Stack>
        {hidden}
        <Text>{emptyText}</Text>
      </Stack>
    );
  return (
    <Stack>
      {hidden}
      {series.data.items.map((item) => (
        <SeriesCard key={item.id} series={item} />
      ))}
      <PagePagination page={page} totalPages={series.data.totalPages} onChange={onPage} />
    </Stack>
  );
}
