import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AttachmentList } from '../../components/attachment-list';
import { ConfirmDialog, deleteQuestion } from '../../components/confirm-dialog';
import { flashError } from '../../components/flash';
import { MarkdownContent } from '../../components/markdown-content';
import { ReportDialog } from '../../components/report/report-dialog';
import { attachmentImageUrl } from '../../lib/attachments';
import { displayName } from '../../lib/display-name';
import { formatDateTime } from '../../lib/format';
import { canDeleteComment, canEditComment, seesInternalIds } from '../../lib/permissions';
import type { Session } from '../../lib/session';
import { useDeleteComment } from './api/delete-comment';
import type { CommentRecord, CommentTarget } from './api/types';
import { CommentForm } from './comment-form';

export const COMMENT_DELETE_QUESTION = deleteQuestion('comment');

/** Replies indent up to this depth; deeper ones line up with their parent so the column stays readable. */
const MAX_INDENT = 3;

export interface CommentThreadProps {
  comment: CommentRecord;
  repliesTo: ReadonlyMap<string, CommentRecord[]>;
  post: CommentTarget;
  session: Session;
  depth?: number;
}

/**
 * What one may do with a comment: reply (on a published post), edit (author), delete (spec part 1 §6),
 * report (any signed-in member but its author, spec part 2 §1).
 */
function CommentActions({
  comment,
  post,
  session,
  onReply,
  onEdit,
}: Omit<CommentThreadProps, 'repliesTo'> & { onReply: () => void; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeleteComment(post.id);
  // Anyone signed in may report a comment (spec part 1 §6), except their own.
  const canReport = session.user !== null && comment.author !== session.user.id;
  const confirmDelete = () =>
    remove.mutate(comment.id, { onSuccess: () => setConfirming(false), onError: flashError });
  return (
    <Group gap={4}>
      {post.published && (
        <Button size="compact-xs" variant="subtle" onClick={onReply}>
          Reply
        </Button>
      )}
      {canEditComment(session, comment) && (
        <Button size="compact-xs" variant="subtle" onClick={onEdit}>
          Edit
        </Button>
      )}
      {canDeleteComment(session, comment, post) && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      {canReport && (
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setReporting(true)}>
          Report
        </Button>
      )}
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        target="comment"
        targetId={comment.id}
        title="Report Comment"
        question="Why are you reporting this comment?"
      />
      <ConfirmDialog
        opened={confirming}
        message={COMMENT_DELETE_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}

/** A comment with its replies under it; the `comment-{id}` anchor is what notifications link to. */
export function CommentThread({ comment, repliesTo, post, session, depth = 0 }: CommentThreadProps) {
  const [mode, setMode] = useState<'read' | 'edit' | 'reply'>('read');
  const author = comment.expand?.author;
  const replies = repliesTo.get(comment.id) ?? [];
  const userId = session.user?.id ?? '';
  const resolveImage = (url: string) => attachmentImageUrl(url, comment, comment.attachments ?? []);

  return (
    <Box component="li" id={`comment-${comment.id}`} style={{ listStyle: 'none' }}>
      <Paper
        withBorder
        p="sm"
        component="article"
        aria-label={`Comment by ${author ? displayName(author) : 'a member'}`}
      >
        <Stack gap={6}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {author ? displayName(author) : 'Member'}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(comment.created)}
            </Text>
            {seesInternalIds(session) && (
              <Text size="xs" c="dimmed">
                ID: {comment.id}
              </Text>
            )}
          </Group>
          {mode === 'edit' ? (
            <CommentForm
              target={post.id}
              author={userId}
              editing={comment}
              submitLabel="Save Comment"
              onDone={() => setMode('read')}
              onCancel={() => setMode('read')}
            />
          ) : (
            <>
              <MarkdownContent markdown={comment.content} resolveImage={resolveImage} />
              <AttachmentList owner={comment} files={comment.attachments} />
              <CommentActions
                comment={comment}
                post={post}
                session={session}
                onReply={() => setMode('reply')}
                onEdit={() => setMode('edit')}
              />
            </>
          )}
          {mode === 'reply' && (
            <CommentForm
              target={post.id}
              author={userId}
              reply={comment.id}
              submitLabel="Post Reply"
              onDone={() => setMode('read')}
              onCancel={() => setMode('read')}
            />
          )}
        </Stack>
      </Paper>
      {replies.length > 0 && (
        <Stack component="ul" gap="xs" mt="xs" p={0} pl={depth < MAX_INDENT ? 'xl' : 0} aria-label="Replies">
          {replies.map((child) => (
            <CommentThread
              key={child.id}
              comment={child}
              repliesTo={repliesTo}
              post={post}
              session={session}
              depth={depth + 1}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
