import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog, deleteQuestion } from '../../components/confirm-dialog';
import { canDeletePost, canEditPost } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { useDeleteStory } from './api/delete-story';
import type { PostRecord } from '../../lib/posts/types';

export const STORY_DELETE_QUESTION = deleteQuestion('story');

/** Edit for contributors, Delete for contributors and moderators (spec part 1 §6); nothing for others. */
export function StoryActions({ storyId, post }: { storyId: string; post: PostRecord }) {
  const session = useSession();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteStory(() => void navigate('/stories/manage', { replace: true }));
  const canEdit = canEditPost(session, post);
  const canDelete = canDeletePost(session, post);
  if (!canEdit && !canDelete) return null;

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
