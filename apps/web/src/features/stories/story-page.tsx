import { Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { AttachmentList } from '../../components/attachment-list';
import { MarkdownContent } from '../../components/markdown-content';
import { PageLoader } from '../../components/page-loader';
import { attachmentImageUrl } from '../../lib/attachments';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { seesInternalIds } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useStory } from './api/get-story';
import { storyKeys } from './api/keys';
import type { PostRecord, StoryRecord } from './api/types';
import { registerView } from './api/views';
import { ChapterNav } from './chapter-nav';
import { StoryActions } from './story-actions';
import { StoryByline, StoryTags } from './story-byline';
import { StoryReactions } from './story-reactions';
import { MISSING_STORY_TEXT } from './story-texts';

export { MISSING_STORY_TEXT };

function withViewCounted(story: StoryRecord | undefined): StoryRecord | undefined {
  const post = story?.expand?.post;
  if (!story || !post) return story;
  return { ...story, expand: { ...story.expand, post: { ...post, view_count: (post.view_count ?? 0) + 1 } } };
}

/**
 * Registers the member's view of the post once per page load (spec part 1 §4); the shown count goes
 * up only when this load was the first view. A failure here is no reason to bother the reader.
 */
function useRegisterView(storyId: string, postId: string | undefined, userId: string | undefined) {
  const queryClient = useQueryClient();
  const registered = useRef<string | null>(null);
  useEffect(() => {
    if (!postId || !userId || registered.current === postId) return;
    registered.current = postId;
    registerView(postId, userId)
      .then((counted) => {
        if (counted) queryClient.setQueryData<StoryRecord>(storyKeys.detail(storyId), withViewCounted);
      })
      .catch((error: unknown) => console.warn('The view could not be registered:', error));
  }, [queryClient, storyId, postId, userId]);
}

function MissingStory() {
  return (
    <Stack>
      <Title order={1}>Story</Title>
      <Text>{MISSING_STORY_TEXT}</Text>
    </Stack>
  );
}

export interface StoryPageProps {
  /** The comments under the story; the app composes them in (features do not import each other). */
  renderComments?: (post: PostRecord) => ReactNode;
}

/**
 * /stories/{storyId} (spec part 1 §2): the story's sanitised markdown with its attachments, Edit and
 * Delete by permission, the chapters around it in its series, likes, favorites and views, then comments.
 */
export function StoryPage({ renderComments }: StoryPageProps) {
  const { storyId = '' } = useParams();
  const story = useStory(storyId);
  const session = useSession();
  const post = story.data?.expand?.post;
  usePageTitle(post?.title ?? 'Story');
  useRegisterView(storyId, post?.id, session.user?.id);

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
          <StoryActions storyId={storyId} post={post} />
        </Group>
        <StoryByline post={post} />
        {seesInternalIds(session) && (
          <Text size="xs" c="dimmed">
            Story ID: {story.data.id} · Post ID: {post.id}
          </Text>
        )}
        {!post.published && (
          <Text size="sm" c="dimmed">
            A moderator reviews every story before it is published.
          </Text>
        )}
        {post.description && <Text fs="italic">{post.description}</Text>}
        <StoryTags post={post} />
        <StoryReactions storyId={storyId} post={post} userId={session.user?.id} />
        <MarkdownContent markdown={story.data.content} resolveImage={resolveImage} />
        <AttachmentList owner={post} files={post.attachments} />
      </Stack>
      <ChapterNav storyId={storyId} seriesId={story.data.series} />
      {renderComments?.(post)}
    </Stack>
  );
}
