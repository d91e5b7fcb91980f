import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { readingKeys } from './keys';
import { PROGRESS, type ReadProgress } from './types';

export interface ProgressValues {
  paragraph: number;
  paragraphs: number;
  finished: boolean;
}

/** Creates the member's progress for the story the first time, and moves it on afterwards. */
export function saveProgress(
  userId: string,
  storyId: string,
  existing: ReadProgress | null,
  values: ProgressValues,
): Promise<ReadProgress> {
  return existing
    ? pb.collection(PROGRESS).update<ReadProgress>(existing.id, values)
    : pb.collection(PROGRESS).create<ReadProgress>({ user: userId, story: storyId, ...values });
}

export function useSaveProgress(userId: string, storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: readingKeys.save(userId, storyId),
    mutationFn: ({ existing, values }: { existing: ReadProgress | null; values: ProgressValues }) =>
      saveProgress(userId, storyId, existing, values),
    // Saving is quiet: a lost save only means a less exact place next time, never a flash mid-story.
    onSuccess: (saved) => {
      queryClient.setQueryData(readingKeys.story(userId, storyId), saved);
      void queryClient.invalidateQueries({ queryKey: readingKeys.unfinished(userId) });
    },
  });
}
