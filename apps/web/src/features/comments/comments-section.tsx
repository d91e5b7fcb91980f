import { Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { useComments } from './api/get-comments';
import type { CommentRecord, CommentTarget } from './api/types';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-item';

export const COMMENTS_CLOSED_TEXT = 'Comments open once this is published.';
export const NO_COMMENTS_TEXT = 'No comments yet.';

/**
 * Top-level comments, and the replies of each comment, oldest first. A reply whose comment is gone
 * (deleted in between) stands at the top level rather than disappearing.
 */
export function threadOf(comments: readonly CommentRecord[]) {
  const ids = new Set(comments.map((comment) => comment.id));
  const roots: CommentRecord[] = [];
  const repliesTo = new Map<string, CommentRecord[]>();
  for (const comment of comments) {
    if (comment.reply && ids.has(comment.reply)) {
      const siblings = repliesTo.get(comment.reply) ?? [];
      siblings.push(comment);
      repliesTo.set(comment.reply, siblings);
    } else {
      roots.push(comment);
    }
  }
  return { roots, repliesTo };
}

/** The comments of a post with replies, and the form for a new one (spec part 1 §2). */
export function CommentsSection({ post }: { post: CommentTarget }) {
  const session = useSession();
  const comments = useComments(post.id, post.type);

  let body;
  if (comments.isPending) body = <PageLoader label="Loading comments" />;
  else if (comments.isError) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(comments.error)}
      </Text>
    );
  } else if (comments.data.length === 0) body = <Text c="dimmed">{NO_COMMENTS_TEXT}</Text>;
  else {
    const { roots, repliesTo } = threadOf(comments.data);
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} aria-label="Comments">
        {roots.map((comment) => (
          <CommentThread
            key={comment.id}
            comment={comment}
            repliesTo={repliesTo}
            post={post}
            session={session}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack component="section" aria-labelledby="comments-heading" mt="lg">
      <Title order={2} id="comments-heading">
        Comments
      </Title>
      {body}
      {session.user &&
        (post.published ? (
          <CommentForm target={post.id} author={session.user.id} submitLabel="Post Comment" />
        ) : (
          <Text c="dimmed">{COMMENTS_CLOSED_TEXT}</Text>
        ))}
    </Stack>
  );
}
