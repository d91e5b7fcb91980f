import { Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AttachmentList } from '../../components/attachment-list';
import { MarkdownContent } from '../../components/markdown-content';
import { PageLoader } from '../../components/page-loader';
import { attachmentImageUrl, attachmentsShownIn } from '../../lib/attachments';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { seesInternalIds } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useStory } from './api/get-story';
import { storyKeys } from './api/keys';
import type { PostRecord } from '../../lib/posts/types';
import { expandedPostCache } from '../../lib/posts/post-cache';
import { useRegisterView } from '../../lib/posts/register-view';
import { ChapterNav } from './chapter-nav';
import { StoryActions } from './story-actions';
import { PostByline, PostLabels, PostTags } from '../../components/posts/post-byline';
import { PostSizeBadges } from '../../components/posts/post-sizes';
import { PostReactions } from '../../components/posts/post-reactions';
import { MISSING_STORY_TEXT } from './story-texts';
import { REMOVED_SINCE_NOTICE_TEXT, useOpenedFromNotification } from '../../lib/from-notification';
import { scheduledText } from './publish-time';

export { MISSING_STORY_TEXT };

function notShownIn(markdown: string, files: readonly string[]): string[] {
  const shown = attachmentsShownIn(markdown, files);
  return files.filter((name) => !shown.has(name));
}

function MissingStory() {
  const removed = useOpenedFromNotification();
  return (
    <Stack>
      <Title order={1}>Story</Title>
      <Text>{MISSING_STORY_TEXT}</Text>
      {removed && <Text>{REMOVED_SINCE_NOTICE_TEXT}</Text>}
    </Stack>
  );
}

export interface StoryPageProps {
  /** The comments under the story; the app composes them in (features do not import each other). */
  renderComments?: (post: PostRecord) => ReactNode;
  /** Reading aids above the text (the resume offer); told the id of the element the text renders in. */
  renderReading?: (storyId: string, contentId: string) => ReactNode;
  /** The "Download EPUB" button, composed in by the app. */
  renderDownload?: (storyId: string) => ReactNode;
  /** Sets the story's text in the member's reader settings (the app composes them in). */
  renderBody?: (body: ReactNode) => ReactNode;
}

/** The element the story's text renders in, for whatever follows the reader's place in it. */
export const STORY_CONTENT_ID = 'story-content';

/**
 * /stories/{storyId} (spec part 1 §2): the story's sanitised markdown with its attachments, Edit and
 * Delete by permission, the chapters around it in its series, likes, favorites and views, then comments.
 */
export function StoryPage({
  renderComments,
  renderReading,
  renderDownload,
  renderBody = (body) => body,
}: StoryPageProps) {
  const { storyId = '' } = useParams();
  const story = useStory(storyId);
  const session = useSession();
  const post = story.data?.expand?.post;
  usePageTitle(post?.title ?? 'Story');
  const cache = useMemo(() => expandedPostCache(storyKeys.detail(storyId)), [storyId]);
  useRegisterView(post?.id, session.user?.id, cache);

  if (story.isPending) return <PageLoader />;
  if (story.isError && !isNotFoundError(story.error)) {
    return (
      <Stack>
        <Title order={1}>Story</Title>
        <Text c="red" role="alert">
          {errorMessage(story.error)}
        </Text>
      </Stack>
    );
  }
  if (!story.data || !post) return <MissingStory />;
  const resolveImage = (url: string) => attachmentImageUrl(url, post, post.attachments ?? []);

  return (
    <Stack>
      <Stack component="article" aria-labelledby="story-title">
        <Group justify="space-between" align="flex-start">
          <Title order={1} id="story-title">
            {post.title}
          </Title>
          <Group gap="xs">
            {renderDownload?.(story.data.id)}
            <StoryActions storyId={storyId} post={post} />
          </Group>
        </Group>
        <PostByline post={post} />
        {seesInternalIds(session) && (
          <Text size="xs" c="dimmed">
            Story ID: {story.data.id} · Post ID: {post.id}
          </Text>
        )}
        {scheduledText(post) ? (
          <Text size="sm" c="blue" fw={600}>
            {scheduledText(post)}. Approved; only its contributors and moderators see it until then.
          </Text>
        ) : (
          !post.published && (
            <Text size="sm" c="dimmed">
              A moderator reviews every story before it is published.
            </Text>
          )
        )}
        {post.description && <Text fs="italic">{post.description}</Text>}
        <PostSizeBadges post={post} />
        <PostLabels post={post} browsePath="/stories/browse" />
        <PostTags post={post} browsePath="/stories/browse" />
        <PostReactions post={post} userId={session.user?.id} cache={cache} />
        {renderReading?.(story.data.id, STORY_CONTENT_ID)}
        <div id={STORY_CONTENT_ID}>
          {renderBody(<MarkdownContent markdown={story.data.content} resolveImage={resolveImage} />)}
        </div>
        {/* Images the text already shows are not repeated below it. */}
        <AttachmentList owner={post} files={notShownIn(story.data.content, post.attachments ?? [])} />
      </Stack>
      <ChapterNav storyId={storyId} seriesId={story.data.series} />
      {renderComments?.(post)}
    </Stack>
  );
}
