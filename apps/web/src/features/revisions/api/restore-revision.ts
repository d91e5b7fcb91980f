import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { parseTagNames, reifyTags } from '../../../lib/posts/save-post';
import { revisionKeys } from './keys';
import type { RevisionRecord } from './types';

/**
 * Restores a revision by saving it as the story form would (post first, then the story's text), so the
 * server keeps it as the newest revision and every earlier one stays.
 */
export async function restoreRevision(revision: RevisionRecord, storyId: string): Promise<void> {
  const tags = await reifyTags(parseTagNames(revision.tags));
  await pb.collection('posts').update(revision.post, {
    title: revision.title,
    description: revision.description,
    labels: revision.labels,
    tags,
  });
  await pb.collection('stories').update(storyId, { content: revision.content });
}

export function useRestoreRevision(storyId: string, onRestored: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: RevisionRecord) => restoreRevision(revision, storyId),
    onSuccess: async () => {
      await onRestored();
      await queryClient.invalidateQueries({ queryKey: revisionKeys.all });
    },
  });
}
