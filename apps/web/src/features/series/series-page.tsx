import { Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AttachmentList } from '../../components/attachment-list';
import { PageLoader } from '../../components/page-loader';
import { PostByline, PostTags } from '../../components/posts/post-byline';
import { PostSizeBadges } from '../../components/posts/post-sizes';
import { PostReactions } from '../../components/posts/post-reactions';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { seesInternalIds } from '../../lib/permissions';
import { expandedPostCache } from '../../lib/posts/post-cache';
import { useRegisterView } from '../../lib/posts/register-view';
import type { PostRecord } from '../../lib/posts/types';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { chaptersOf, useSeries } from './api/get-series';
import { seriesKeys } from './api/keys';
import { ChapterList } from './chapter-list';
import { SeriesActions } from './series-actions';
import { MISSING_SERIES_TEXT, REVIEW_TEXT } from './series-texts';
import { REMOVED_SINCE_NOTICE_TEXT, useOpenedFromNotification } from '../../lib/from-notification';

export interface SeriesPageProps {
  /** The comments under the series; the app composes them in (features do not import each other). */
  renderComments?: (post: PostRecord) => ReactNode;
  /** A chapter's read mark (read, started, unread), given every chapter so one request serves all. */
  renderChapterMark?: (storyId: string, chapterIds: string[]) => ReactNode;
  /** The follow button of a published series, composed in by the app. */
  renderFollow?: (seriesId: string) => ReactNode;
  /** The "Download EPUB" button, composed in by the app. */
  renderDownload?: (seriesId: string) => ReactNode;
  /** Where the member goes on reading (the reading feature), given the chapters in order. */
  renderContinue?: (chapterIds: string[]) => ReactNode;
}

function Failure({ children }: { children: ReactNode }) {
  return (
    <Stack>
      <Title order={1}>Series</Title>
      {children}
    </Stack>
  );
}

/**
 * /series/{seriesId} (spec part 1 §2): the series with its chapters in order, likes, favorites, one view
 * per page load, comments; "Edit Series" and "Add a Story To This Series" for its contributors.
 */
export function SeriesPage({
  renderComments,
  renderChapterMark,
  renderFollow,
  renderDownload,
  renderContinue,
}: SeriesPageProps) {
  const { seriesId = '' } = useParams();
  const series = useSeries(seriesId);
  const session = useSession();
  const removed = useOpenedFromNotification();
  const post = series.data?.expand?.post;
  usePageTitle(post?.title ?? 'Series');
  const cache = useMemo(() => expandedPostCache(seriesKeys.detail(seriesId)), [seriesId]);
  useRegisterView(post?.id, session.user?.id, cache);

  if (series.isPending) return <PageLoader />;
  if (series.isError && !isNotFoundError(series.error)) {
    return (
      <Failure>
        <Text c="red" role="alert">
          {errorMessage(series.error)}
        </Text>
      </Failure>
    );
  }
  if (!series.data || !post) {
    return (
      <Failure>
        <Text>{MISSING_SERIES_TEXT}</Text>
        {removed && <Text>{REMOVED_SINCE_NOTICE_TEXT}</Text>}
      </Failure>
    );
  }

  const chapters = chaptersOf(series.data);
  const chapterIds = chapters.map((chapter) => chapter.id);

  return (
    <Stack>
      <Stack component="article" aria-labelledby="series-title">
        <Group justify="space-between" align="flex-start">
          <Title order={1} id="series-title">
            {post.title}
          </Title>
          <Group gap="xs">
            {post.published && renderFollow?.(series.data.id)}
            {renderDownload?.(series.data.id)}
            <SeriesActions seriesId={seriesId} post={post} />
          </Group>
        </Group>
        <PostByline post={post} />
        {seesInternalIds(session) && (
          <Text size="xs" c="dimmed">
            Series ID: {series.data.id} · Post ID: {post.id}
          </Text>
        )}
        {!post.published && (
          <Text size="sm" c="dimmed">
            {REVIEW_TEXT}
          </Text>
        )}
        {post.description && <Text style={{ whiteSpace: 'pre-line' }}>{post.description}</Text>}
        <PostSizeBadges post={post} />
        <PostTags post={post} browsePath="/series/browse" />
        <PostReactions post={post} userId={session.user?.id} cache={cache} />
        <AttachmentList owner={post} files={post.attachments} />
        <Title order={2} size="h3">
          Chapters
        </Title>
        {renderContinue?.(chapterIds)}
        <ChapterList
          chapters={chapters}
          renderMark={renderChapterMark && ((storyId) => renderChapterMark(storyId, chapterIds))}
        />
      </Stack>
      {renderComments?.(post)}
    </Stack>
  );
}
