import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { MarkdownContent } from '../../components/markdown-content';
import { PageLoader } from '../../components/page-loader';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useStory } from './api/get-story';
import { storyKeys } from './api/keys';
import { useMyLike, useToggleLike } from './api/likes';
import type { PostRecord, StoryRecord } from './api/types';
import { registerView } from './api/views';
import { StoryByline, StoryTags } from './story-byline';

export const MISSING_STORY_TEXT = "That story doesn't seem to exist.";

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

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

function LikeButton({ storyId, post, userId }: { storyId: string; post: PostRecord; userId: string }) {
  const mine = useMyLike(post.id, userId);
  const toggle = useToggleLike(storyId, post.id, userId);
  const liked = Boolean(mine.data);
  return (
    <Button
      variant={liked ? 'filled' : 'light'}
      aria-pressed={liked}
      disabled={mine.isPending || toggle.isPending}
      onClick={() => toggle.mutate(mine.data ?? null)}
    >
      Like
    </Button>
  );
}

function MissingStory() {
  return (
    <Stack>
      <Title order={1}>Story</Title>
      <Text>{MISSING_STORY_TEXT}</Text>
    </Stack>
  );
}

/** /stories/{storyId}: the story, its sanitised markdown, likes and views (spec part 1 §2). */
export function StoryPage() {
  const { storyId = '' } = useParams();
  const story = useStory(storyId);
  const { user } = useSession();
  const post = story.data?.expand?.post;
  usePageTitle(post?.title ?? 'Story');
  useRegisterView(storyId, post?.id, user?.id);

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

  return (
    <Stack component="article">
      <Title order={1}>{post.title}</Title>
      <StoryByline post={post} />
      {!post.published && (
        <Text size="sm" c="dimmed">
          A moderator reviews every story before it is published.
        </Text>
      )}
      {post.description && <Text fs="italic">{post.description}</Text>}
      <StoryTags post={post} />
      <Group gap="md">
        {user && <LikeButton storyId={storyId} post={post} userId={user.id} />}
        <Text size="sm" data-testid="like-count">
          {plural(post.like_count ?? 0, 'like')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="view-count">
          {plural(post.view_count ?? 0, 'view')}
        </Text>
      </Group>
      <MarkdownContent markdown={story.data.content} />
    </Stack>
  );
}
