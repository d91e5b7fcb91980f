/**
 * The discovery data of the community dataset (dataset.ts, PRODUCT.md §14): size metadata on stories,
 * and the tags and labels members mute, so the bench's muted lists and filtered search have work to do.
 */
import { SIZE_CHANGES, SIZE_CLASSES } from '../../apps/server/src/collections/posts';
import { NOW, YEAR, dateString, distinctIndices, recordId, skewed, type Random } from './random';
import type { BulkWriter } from './writer';

/** Tags and labels each muting member mutes, and how often a member mutes anything. */
const MUTED_TAGS = 2;
const MUTED_LABELS = 1;
const MUTING_EVERY = 10;
/** Mutes are drawn from the most used tags, so they hide something. */
const COMMON_TAGS = 50;

export const NO_SIZES = { larger_size: '', smaller_size: '', size_change: '' };

/** A story's size metadata: the larger character from normal up, the smaller from normal down. */
export function storySizes(random: Random) {
  const normal = SIZE_CLASSES.indexOf('normal');
  return {
    larger_size: SIZE_CLASSES[normal + skewed(random, SIZE_CLASSES.length - normal, 1.5)]!,
    smaller_size: SIZE_CLASSES[normal - skewed(random, normal + 1, 1.5)]!,
    size_change: SIZE_CHANGES[skewed(random, SIZE_CHANGES.length, 1.2)]!,
  };
}

export interface MutesStep {
  random: Random;
  memberIds: string[];
  tagIds: string[];
  labelIds: string[];
  /** Members who always mute something (the scenarios' pool), beside one member in ten. */
  alwaysMuting: ReadonlySet<number>;
  writer: BulkWriter;
}

/** Writes the mutes (index 0 and 1 are staff and mute nothing). */
export async function writeMutes(step: MutesStep): Promise<void> {
  const { random, memberIds, tagIds, labelIds, alwaysMuting, writer } = step;
  for (let i = 2; i < memberIds.length; i++) {
    if (!alwaysMuting.has(i) && i % MUTING_EVERY !== 0) continue;
    const created = dateString(NOW - Math.floor(random() * YEAR));
    const muted = [
      ...distinctIndices(random, Math.min(COMMON_TAGS, tagIds.length), MUTED_TAGS).map((t) => ({
        tag: tagIds[t],
        label: '',
      })),
      ...distinctIndices(random, labelIds.length, MUTED_LABELS).map((l) => ({ tag: '', label: labelIds[l] })),
    ];
    for (const mute of muted)
      await writer.add({ id: recordId(random), user: memberIds[i], ...mute, created });
  }
}
