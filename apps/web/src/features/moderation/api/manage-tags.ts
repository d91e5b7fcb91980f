import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { postKeys } from '../../../lib/posts/keys';

/** Moderators rename and delete tags (PRODUCT.md §13); names stay unique in any letter case (server). */
export function renameTag(id: string, name: string) {
  return pb.collection('tags').update(id, { name: name.trim() });
}

export function deleteTag(id: string) {
  return pb.collection('tags').delete(id);
}

export function useManageTag() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: postKeys.tags });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameTag(id, name),
    onSuccess: () => void flash.success('Tag renamed'),
    onError: flashError,
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: deleteTag,
    onSuccess: () => void flash.success('Tag deleted'),
    onError: flashError,
    onSettled: reload,
  });
  return { rename, remove };
}
