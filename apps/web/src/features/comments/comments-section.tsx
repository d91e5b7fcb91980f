import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination, PastTheEnd } from '../../components/page-pagination';
import { useSession } from '../../lib/session';
import { useCommentPageOf } from './api/find-comment-page';
import { useCommentPage } from './api/get-comments';
import type { CommentRecord, CommentTarget } from './api/types';
import { CommentForm } from './comment-form';
import { CommentThread } from './comment-item';
import { LoadFailed } from '../../components/errors/load-failed';

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

/** The `?page=N` asked for, or null when none (or no valid one) was. */
function askedPage(value: string | null): number | null {
  const page = Number(value);
  return value !== null && Number.isInteger(page) && page > 0 ? page : null;
}

/**
 * The page to show: the one asked for (`?page=N`), else the one holding the comment a `#comment-{id}`
 * link points at (notifications link to comments that way, without a page), else the first. Null while
 * the linked comment's page is being looked up.
 */
function usePageToShow(target: string): { page: number | null; onPage: (page: number) => void } {
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const asked = askedPage(params.get('page'));
  const linked = asked === null && hash.startsWith('#comment-') ? hash.slice('#comment-'.length) : '';
  const located = useCommentPageOf(target, linked);
  const onPage = (next: number) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      changed.set('page', String(next));
      return changed;
    });
  if (asked !== null) return { page: asked, onPage };
  if (!linked) return { page: 1, onPage };
  return { page: located.isPending ? null : (located.data ?? 1), onPage };
}

export interface CommentsSectionProps {
  post: CommentTarget;
}

/**
 * The comments of a post with replies, 20 top-level comments to a page (`?page=N`), and the form for a
 * new one (spec part 1 §2).
 */
export function CommentsSection({ post }: CommentsSectionProps) {
  const session = useSession();
  const { page, onPage } = usePageToShow(post.id);
  const comments = useCommentPage(post.id, post.type, page);
  // The last page as of the latest render: a new top-level comment lands there, so after posting one
  // the thread turns to it (read when the save is done, by which time the page has reloaded).
  const totalPages = comments.data?.totalPages ?? 1;
  const lastPage = useRef(1);
  useEffect(() => {
    lastPage.current = Math.max(1, totalPages);
  }, [totalPages]);

  let body;
  if (comments.isPending) body = <PageLoader label="Loading comments" />;
  else if (comments.isError) {
    body = <LoadFailed error={comments.error} onRetry={() => void comments.refetch()} />;
  } else if (comments.data.comments.length === 0) {
    body =
      comments.data.totalPages > 0 && comments.data.page > comments.data.totalPages ? (
        <PastTheEnd page={comments.data.page} lastPage={comments.data.totalPages} onPage={onPage} />
      ) : (
        <Text c="dimmed">{NO_COMMENTS_TEXT}</Text>
      );
  } else {
    const { roots, repliesTo } = threadOf(comments.data.comments);
    body = (
      <>
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          aria-label="Comments"
          aria-busy={comments.isPlaceholderData || undefined}
        >
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
        <PagePagination page={comments.data.page} totalPages={comments.data.totalPages} onChange={onPage} />
      </>
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
          <CommentForm
            target={post.id}
            author={session.user.id}
            submitLabel="Post Comment"
            onDone={() => {
              // Only a turn to another page: changing the address moves the focus to the page's title,
              // which would pull a keyboard member away from the thread they are writing in.
              if (lastPage.current !== (page ?? 1)) onPage(lastPage.current);
            }}
          />
        ) : (
          <Text c="dimmed">{COMMENTS_CLOSED_TEXT}</Text>
        ))}
    </Stack>
  );
}
