import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { postKeys } from '../../../lib/posts/keys';

export interface LabelInput {
  name: string;
  description: string;
  parent: string;
  color: string;
  order: number;
  isCategory: boolean;
}

/** Creates a label, or updates one when `id` is given (admins only: the collection's rules). */
export function saveLabel(input: LabelInput, id?: string) {
  const labels = pb.collection('labels');
  const data = { ...input, name: input.name.trim() };
  return id ? labels.update(id, data) : labels.create(data);
}

export function deleteLabel(id: string) {
  return pb.collection('labels').delete(id);
}

/** Saves or deletes a label, then reloads the labels every screen shares (lib/posts). */
export function useManageLabel() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: postKeys.labels });
  const save = useMutation({
    mutationFn: ({ input, id }: { input: LabelInput; id?: string }) => saveLabel(input, id),
    onSuccess: () => void flash.success('Label saved'),
    onError: flashError,
    onSettled: reload,
  });
  const remove = useMutation({
    mutationFn: deleteLabel,
    onSuccess: () => void flash.success('Label deleted'),
    onError: flashError,
    onSettled: reload,
  });
  return { save, remove };
}
