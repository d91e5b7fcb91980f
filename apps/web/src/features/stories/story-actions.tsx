import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog, deleteQuestion } from '../../components/confirm-dialog';
import { ReportDialog } from '../../components/report/report-dialog';
import { canDeletePost, canEditPost } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useDeleteStory } from './api/delete-story';
import type { PostRecord } from '../../lib/posts/types';

export const STORY_DELETE_QUESTION = deleteQuestion('story');

/**
 * Edit for contributors, Delete for contributors and moderators (spec part 1 §6), Report for any other
 * signed-in member (spec part 2 §1).
 */
export function StoryActions({ storyId, post }: { storyId: string; post: PostRecord }) {
  const session = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeleteStory(() => void navigate('/stories/manage', { replace: true }));
  const canEdit = canEditPost(session, post);
  const canDelete = canDeletePost(session, post);
  const userId = session.user?.id;
  const canReport = !!userId && !post.contributors.includes(userId);
  if (!canEdit && !canDelete && !canReport) return null;

  return (
    <Group gap="xs">
      {canEdit && (
        <Button component={Link} to={`/stories/edit/${storyId}`} variant="default" size="xs">
          Edit
        </Button>
      )}
      {canDelete && (
        <Button color="red" variant="light" size="xs" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      {canReport && (
        <Button variant="subtle" color="gray" size="xs" onClick={() => setReporting(true)}>
          Report
        </Button>
      )}
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        target="post"
        targetId={post.id}
        title="Report Story"
        question="Why are you reporting this story?"
      />
      <ConfirmDialog
        opened={confirming}
        message={STORY_DELETE_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(post.id)}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}
