import { Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog, deleteQuestion } from '../../components/confirm-dialog';
import type { ForumRecord } from './api/forum-lists';
import { useDeleteForum, useMoveForum } from './api/manage-forums';

// The editor (a modal and a form) loads the first time an admin opens it.
const ForumEditor = lazy(() => import('./forum-editor').then((m) => ({ default: m.ForumEditor })));

export const DELETE_FORUM_QUESTION = deleteQuestion('forum');

const nextSortOrder = (forums: readonly ForumRecord[]) =>
  forums.reduce((max, forum) => Math.max(max, forum.sort_order ?? 0), 0) + 10;

/** "New Forum" for admins, above the list on /forums. */
export function NewForumButton({ forums }: { forums: readonly ForumRecord[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        New Forum
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ForumEditor nextSortOrder={nextSortOrder(forums)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * An admin's controls on a forum tile: edit, move up or down, delete. The server refuses to delete a
 * forum that still has posts and says so; that message is shown as it is.
 */
export function ForumControls({ forum, forums }: { forum: ForumRecord; forums: readonly ForumRecord[] }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const move = useMoveForum();
  const remove = useDeleteForum();
  const index = forums.findIndex((f) => f.id === forum.id);
  return (
    <Group gap="xs" aria-label={`Manage ${forum.name}`} role="group">
      <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={index <= 0 || move.isPending}
        onClick={() => move.mutate({ forums, forumId: forum.id, step: -1 })}
      >
        Move Up
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={index >= forums.length - 1 || move.isPending}
        onClick={() => move.mutate({ forums, forumId: forum.id, step: 1 })}
      >
        Move Down
      </Button>
      <Button size="compact-sm" color="red" variant="light" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      {editing && (
        <Suspense fallback={null}>
          <ForumEditor
            forum={forum}
            nextSortOrder={nextSortOrder(forums)}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        opened={confirming}
        message={DELETE_FORUM_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(forum.id, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}
