import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import type { ForumRecord } from './forum-lists';
import { forumKeys } from './keys';

// Forum management for admins (PRODUCT.md §13): create, edit, reorder and delete. The server allows
// these to admins only and refuses to delete a forum that still has threads.

export interface ForumValues {
  name: string;
  /** HTML; sanitised when shown. */
  description: string;
  sortOrder: number;
}

/** Creates the forum, or updates it when `id` is given. */
export function saveForum(values: ForumValues, id?: string): Promise<ForumRecord> {
  const body = {
    name: values.name.trim(),
    description: values.description,
    sort_order: values.sortOrder,
  };
  return id
    ? pb.collection('forums').update<ForumRecord>(id, body)
    : pb.collection('forums').create<ForumRecord>(body);
}

export function deleteForum(id: string): Promise<boolean> {
  return pb.collection('forums').delete(id);
}

/**
 * Moves `forum` one place up or down: the forums' order is renumbered 10, 20, 30, ... so that two
 * forums with the same sort order (or none) still move.
 */
export async function moveForum(forums: readonly ForumRecord[], forumId: string, step: -1 | 1) {
  const order = [...forums];
  const from = order.findIndex((forum) => forum.id === forumId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return;
  [order[from], order[to]] = [order[to]!, order[from]!];
  const changes = order
    .map((forum, index) => ({ forum, sortOrder: (index + 1) * 10 }))
    .filter(({ forum, sortOrder }) => forum.sort_order !== sortOrder);
  for (const { forum, sortOrder } of changes) {
    await pb.collection('forums').update(forum.id, { sort_order: sortOrder });
  }
}

function useForumMutation<T>(fn: (input: T) => Promise<unknown>, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onError: flashError,
    onSuccess: () => {
      if (success) flash.success(success);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export const useSaveForum = () =>
  useForumMutation(
    ({ values, id }: { values: ForumValues; id?: string }) => saveForum(values, id),
    'Forum saved.',
  );

export const useDeleteForum = () => useForumMutation((id: string) => deleteForum(id), 'Forum deleted.');

export const useMoveForum = () =>
  useForumMutation(
    ({ forums, forumId, step }: { forums: readonly ForumRecord[]; forumId: string; step: -1 | 1 }) =>
      moveForum(forums, forumId, step),
  );
