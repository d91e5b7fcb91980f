import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { useNavigate } from 'react-router';
import { flashSubmitFailure } from '../../../components/posts/submit-failure';
import { pb } from '../../../lib/pocketbase';
import { parseTagNames, postForm, reifyTags } from '../../../lib/posts/save-post';
import type { PostRecord } from '../../../lib/posts/types';
import { givenSizes, type PostSizes } from '../../../lib/posts/sizes';
import { seriesKeys } from './keys';
import { discardDraft, type DraftKey } from '../../../lib/drafts/drafts';

/** What the series form holds (spec part 1 §2 and §5). */
export interface SeriesValues {
  title: string;
  description: string;
  /** Label ids. */
  labels: string[];
  /** Tag names as comma-separated text. */
  tags: string;
  /** Size metadata (PRODUCT.md §14); each may be left empty. */
  sizes: PostSizes;
  /** The chapters' story ids in reading order. */
  chapters: string[];
  /** New files to attach. */
  files: File[];
  /** Names of attached files to remove (editing only). */
  removedFiles: string[];
}

export interface EditedSeries {
  id: string;
  post: PostRecord;
}

async function createSeries(values: SeriesValues, tags: string[], userId: string): Promise<string> {
  const fields = {
    type: 'series',
    title: values.title.trim(),
    description: values.description.trim(),
    contributors: [userId],
    labels: values.labels,
    tags,
    ...givenSizes(values.sizes),
  };
  // The server submits the new post for review (PRODUCT.md §4).
  const post = await pb.collection('posts').create<RecordModel>(postForm(fields, values.files, false));
  try {
    // The server points each listed story at the new series (site/series-chapters.ts).
    const series = await pb
      .collection('series')
      .create<RecordModel>({ post: post.id, stories: values.chapters });
    return series.id;
  } catch (error) {
    // A post without its series would sit in the queue with nothing behind it: remove it again.
    await pb
      .collection('posts')
      .delete(post.id)
      .catch(() => undefined);
    throw error;
  }
}

async function updateSeries(values: SeriesValues, tags: string[], series: EditedSeries): Promise<string> {
  const fields: Record<string, unknown> = {
    title: values.title.trim(),
    description: values.description.trim(),
    labels: values.labels,
    tags,
    ...values.sizes,
  };
  if (values.removedFiles.length > 0) fields['attachments-'] = values.removedFiles;
  await pb.collection('posts').update(series.post.id, postForm(fields, values.files, true));
  // The new order replaces the old one; a story left out is no longer a chapter (its `series` is cleared).
  await pb.collection('series').update(series.id, { stories: values.chapters });
  return series.id;
}

/**
 * Saves the series form: tags first (unknown ones are created), then the post and the series. A post that
 * has a created date is updated, else created (spec part 1 §4 "Post save"). Returns the series id.
 */
export async function saveSeries(
  values: SeriesValues,
  userId: string,
  series?: EditedSeries,
): Promise<string> {
  const tags = await reifyTags(parseTagNames(values.tags));
  return series?.post.created ? updateSeries(values, tags, series) : createSeries(values, tags, userId);
}

/** Saves the form and opens the saved series; failures show the spec's text (part 1 §8). */
export function useSaveSeries(userId: string, series?: EditedSeries, draftKey?: DraftKey) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SeriesValues) => saveSeries(values, userId, series),
    onError: flashSubmitFailure,
    onSuccess: async (id) => {
      // Saved: the form's draft has done its work (if removing it fails, it is offered again; no harm).
      if (draftKey) await discardDraft(draftKey).catch(() => undefined);
      // Chapters changed series too: the stories feature's cached series and stories are stale.
      await queryClient.invalidateQueries({ queryKey: seriesKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['stories'] });
      void navigate(`/series/${id}`);
    },
  });
}
