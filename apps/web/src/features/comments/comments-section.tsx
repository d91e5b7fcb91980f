import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { PagePagination } from '../../components/page-pagination';
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

/** Spec part 1 §9: the product's default page size; a page holds this many top-level comments. */
export const COMMENTS_PAGE_SIZE = 20;

export interface CommentPaging {
  /** The page asked for (the screen's `?page=N`), or null when none was. */
  page: number | null;
  onPage: (page: number) => void;
}

/**
 * The page to show: the one asked for, else the one holding the comment a `#comment-{id}` link points
 * at (notifications link to comments that way, without a page), else the first.
 */
function pageToShow(
  roots: readonly CommentRecord[],
  all: readonly CommentRecord[],
  paging: CommentPaging,
  hash: string,
) {
  const pages = Math.max(1, Math.ceil(roots.length / COMMENTS_PAGE_SIZE));
  if (paging.page !== null) return Math.min(paging.page, pages);
  const byId = new Map(all.map((comment) => [comment.id, comment]));
  let target = byId.get(hash.replace(/^#comment-/, ''));
  // A reply sits on its top-level comment's page.
  for (let hops = 0; target?.reply && byId.has(target.reply) && hops < all.length; hops++)
    target = byId.get(target.reply);
  const index = target ? roots.indexOf(target) : -1;
  return index < 0 ? 1 : Math.floor(index / COMMENTS_PAGE_SIZE) + 1;
}

export interface CommentsSectionProps {
  post: CommentTarget;
  /** Pages the top-level comments 20 at a time (the forum thread's `?page=N`); without it all show. */
  paging?: CommentPaging;
}

/** The comments of a post with replies, and the form for a new one (spec part 1 §2). */
export function CommentsSection({ post, paging }: CommentsSectionProps) {
  const session = useSession();
  const comments = useComments(post.id, post.type);
  const { hash } = useLocation();
  // The last page as of the latest render: a new top-level comment lands there, so after posting one
  // the thread turns to it (read when the save is done, by which time the list has reloaded).
  const rootCount = comments.data ? threadOf(comments.data).roots.length : 0;
  const lastPage = useRef(1);
  useEffect(() => {
    lastPage.current = Math.max(1, Math.ceil(rootCount / COMMENTS_PAGE_SIZE));
  }, [rootCount]);
  const showNewComment = paging ? () => paging.onPage(lastPage.current) : undefined;

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
    const page = paging ? pageToShow(roots, comments.data, paging, hash) : 1;
    const shown = paging ? roots.slice((page - 1) * COMMENTS_PAGE_SIZE, page * COMMENTS_PAGE_SIZE) : roots;
    const pager = paging && (
      <PagePagination
        page={page}
        totalPages={Math.ceil(roots.length / COMMENTS_PAGE_SIZE)}
        onChange={paging.onPage}
      />
    );
    body = (
      <>
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Comments">
          {shown.map((comment) => (
            <CommentThread
              key={comment.id}
              comment={comment}
              repliesTo={repliesTo}
              post={post}
              session={session}
            />
          ))}
        </Stack>
        {pager}
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
            onDone={showNewComment}
          />
        ) : (
          <Text c="dimmed">{COMMENTS_CLOSED_TEXT}</Text>
        ))}
    </Stack>
  );
}
