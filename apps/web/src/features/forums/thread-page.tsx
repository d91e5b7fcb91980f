import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AttachmentList } from '../../components/attachment-list';
import { MarkdownContent } from '../../components/markdown-content';
import { PageLoader } from '../../components/page-loader';
import { PostReactions } from '../../components/posts/post-reactions';
import { attachmentImageUrl } from '../../lib/attachments';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { seesInternalIds } from '../../lib/permissions';
import { expandedPostCache } from '../../lib/posts/post-cache';
import { useRegisterView } from '../../lib/posts/register-view';
import type { PostRecord } from '../../lib/posts/types';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useThread } from './api/get-thread';
import { forumKeys } from './api/keys';
import { MISSING_THREAD_TEXT, PINNED_BADGE } from './forum-texts';
import { ThreadActions } from './thread-actions';
import { ThreadAuthor } from './thread-author';
import { REMOVED_SINCE_NOTICE_TEXT, useOpenedFromNotification } from '../../lib/from-notification';

export interface ThreadPageProps {
  /** The comments under the thread; the app composes them in (features do not import each other). */
  renderComments?: (post: PostRecord) => ReactNode;
  /** Sets the post's text in the member's reader settings (the app composes them in). */
  renderBody?: (body: ReactNode) => ReactNode;
}

/**
 * /forums/{forumId}/posts/{postId}?page=N (spec part 1 §2): the author, posted date, likes and views,
 * the sanitised markdown body with attachment images in place, the attachments, the actions, and the
 * comments.
 */
export function ThreadPage({ renderComments, renderBody = (body) => body }: ThreadPageProps) {
  const { forumId = '', postId = '' } = useParams();
  const thread = useThread(postId);
  const session = useSession();
  const removed = useOpenedFromNotification();
  const post = thread.data?.expand?.post;
  usePageTitle(post?.title ?? 'Forum Post');
  const cache = useMemo(() => expandedPostCache(forumKeys.thread(postId)), [postId]);
  useRegisterView(post?.id, session.user?.id, cache);

  if (thread.isPending) return <PageLoader />;
  if (thread.isError || !post) {
    const missing = !thread.isError || isNotFoundError(thread.error);
    return (
      <Stack>
        <Title order={1}>Forum Post</Title>
        <Text role={missing ? undefined : 'alert'}>
          {missing ? MISSING_THREAD_TEXT : errorMessage(thread.error)}
        </Text>
        {missing && removed && <Text>{REMOVED_SINCE_NOTICE_TEXT}</Text>}
        <Anchor component={Link} to={`/forums/${forumId}`}>
          Back to the forum
        </Anchor>
      </Stack>
    );
  }
  const resolveImage = (url: string) => attachmentImageUrl(url, post, post.attachments ?? []);

  return (
    <Stack>
      <Anchor component={Link} to={`/forums/${thread.data.forum}`} size="sm">
        ← Back to the forum
      </Anchor>
      <Stack component="article" aria-labelledby="thread-title">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs" align="center">
            <Title order={1} id="thread-title" style={{ wordBreak: 'break-word' }}>
              {post.title}
            </Title>
            {thread.data.pinned && (
              <Badge color="grape" variant="light">
                {PINNED_BADGE}
              </Badge>
            )}
          </Group>
          <ThreadActions thread={thread.data} post={post} />
        </Group>
        <ThreadAuthor post={post} />
        {seesInternalIds(session) && (
          <Text size="xs" c="dimmed">
            Forum Post ID: {thread.data.id} · Post ID: {post.id}
          </Text>
        )}
        <PostReactions post={post} userId={session.user?.id} cache={cache} favorites={false} />
        {renderBody(<MarkdownContent markdown={thread.data.content} resolveImage={resolveImage} />)}
        <AttachmentList owner={post} files={post.attachments} />
      </Stack>
      {renderComments?.(post)}
    </Stack>
  );
}
