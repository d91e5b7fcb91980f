import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ReportDialog } from '../../components/report/report-dialog';
import { canDeletePost, canEditPost } from '../../lib/permissions';
import { isModerator } from '../../lib/roles';
import { useSession } from '../../lib/session';
import type { PostRecord } from '../../lib/posts/types';
import type { ThreadRecord } from './api/forum-lists';
import { useDeleteThread } from './api/delete-thread';
import { usePinThread } from './api/pin-thread';
import { DELETE_POST_QUESTION } from './forum-texts';

/**
 * A thread's actions (spec part 1 §6): Edit for its authors; Delete for its authors and moderators;
 * Pin or Unpin for moderators; Report for everyone else.
 */
export function ThreadActions({ thread, post }: { thread: ThreadRecord; post: PostRecord }) {
  const session = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeleteThread(() => void navigate(`/forums/${thread.forum}`, { replace: true }));
  const pin = usePinThread(thread.id);
  const own = session.user !== null && post.contributors.includes(session.user.id);

  return (
    <Group gap="xs">
      {canEditPost(session, post) && (
        <Button
          component={Link}
          to={`/forums/${thread.forum}/submit?edit=${thread.id}`}
          variant="default"
          size="xs"
        >
          Edit
        </Button>
      )}
      {isModerator(session.roles) && (
        <Button variant="light" size="xs" loading={pin.isPending} onClick={() => pin.mutate(!thread.pinned)}>
          {thread.pinned ? 'Unpin' : 'Pin'}
        </Button>
      )}
      {canDeletePost(session, post) && (
        <Button color="red" variant="light" size="xs" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      {session.user && !own && (
        <Button variant="subtle" color="gray" size="xs" onClick={() => setReporting(true)}>
          Report
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        message={DELETE_POST_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(post.id)}
        onCancel={() => setConfirming(false)}
      />
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        target="post"
        targetId={post.id}
        title="Report Post"
        question="Why are you reporting this post?"
      />
    </Group>
  );
}
