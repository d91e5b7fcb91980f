import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../pocketbase';
import type { PostType } from '../posts/types';

// Drafts saved as the member types (PRODUCT.md §14 "Drafts and revisions"): one per member and post being
// edited, or per member and type of new post (`post` empty). The story, series and forum-post editors
// share them, so they live below the features.

/** Which draft an editor keeps: the member's, for a post being edited or a new post of a type. */
export interface DraftKey {
  userId: string;
  type: PostType;
  /** The post being edited; `''` for a new post. */
  post: string;
}

export interface DraftRecord<T = unknown> extends RecordModel {
  user: string;
  type: PostType;
  post: string;
  data: T | null;
  updated: string;
}

export const draftKeys = {
  all: ['drafts'] as const,
  one: (key: DraftKey) => ['drafts', key.userId, key.type, key.post] as const,
};

/** The member's draft for this editor, or null when there is none. */
export async function getDraft<T>(key: DraftKey): Promise<DraftRecord<T> | null> {
  const page = await pb.collection('drafts').getList<DraftRecord<T>>(1, 1, {
    filter: pb.filter('user = {:user} && type = {:type} && post = {:post}', {
      user: key.userId,
      type: key.type,
      post: key.post,
    }),
  });
  return page.items[0] ?? null;
}

export function draftQueryOptions<T>(key: DraftKey) {
  // Always asked afresh on opening an editor: another device may have typed since.
  return queryOptions({
    queryKey: draftKeys.one(key),
    queryFn: () => getDraft<T>(key),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDraft<T>(key: DraftKey) {
  return useQuery(draftQueryOptions<T>(key));
}

/**
 * Saves the editor's values into its draft: updates the known draft, else creates it; when another device
 * created it meanwhile (the one-per-editor rule refuses a second), updates that one.
 */
export async function saveDraft<T>(key: DraftKey, id: string | null, data: T): Promise<DraftRecord<T>> {
  if (id) {
    // Discarded meanwhile (another tab, or "Discard draft" while this save was on its way): create it again.
    const updated = await pb
      .collection('drafts')
      .update<DraftRecord<T>>(id, { data })
      .catch(() => null);
    if (updated) return updated;
  }
  try {
    return await pb.collection('drafts').create<DraftRecord<T>>({
      user: key.userId,
      type: key.type,
      post: key.post,
      data,
    });
  } catch (error) {
    const existing = await getDraft<T>(key);
    if (!existing) throw error;
    return pb.collection('drafts').update<DraftRecord<T>>(existing.id, { data });
  }
}

/** Removes the member's draft for this editor, if there is one (after a save, or on "Discard draft"). */
export async function discardDraft(key: DraftKey): Promise<void> {
  const existing = await getDraft(key);
  if (existing) await pb.collection('drafts').delete(existing.id);
}

/**
 * What an editor opens with: its saved values, with the draft's over them when the member left one that
 * differs (the draft holds only the fields it keeps, never files).
 */
export function withDraft<T extends object>(
  saved: T,
  draft: DraftRecord | null,
): { values: T; restored: boolean } {
  if (!draft?.data || typeof draft.data !== 'object') return { values: saved, restored: false };
  const values = { ...saved, ...(draft.data as Partial<T>) };
  const differs = Object.keys(draft.data).some(
    (name) => JSON.stringify(values[name as keyof T]) !== JSON.stringify(saved[name as keyof T]),
  );
  return differs ? { values, restored: true } : { values: saved, restored: false };
}
