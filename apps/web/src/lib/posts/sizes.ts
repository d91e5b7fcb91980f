import { pb } from '../pocketbase';
import type { PostRecord } from './types';

/**
 * Size-native metadata (PRODUCT.md §14): the size classes of the larger and the smaller character, from
 * smallest to largest, and the change that happens. Stories and series keep them on their post.
 */
export const SIZE_CLASSES = ['micro', 'mini', 'tiny', 'normal', 'macro', 'mega', 'giga', 'tera'] as const;
export const SIZE_CHANGES = ['none', 'growth', 'shrinking', 'both'] as const;

export type SizeClass = (typeof SIZE_CLASSES)[number];
export type SizeChange = (typeof SIZE_CHANGES)[number];

/** A filter by sizes; an empty string is "any". In the URL as `?larger=&smaller=&change=`. */
export interface SizeFilter {
  larger: string;
  smaller: string;
  change: string;
}

export const SIZE_PARAMS = ['larger', 'smaller', 'change'] as const;
export type SizeParam = (typeof SIZE_PARAMS)[number];

export const NO_SIZES: SizeFilter = { larger: '', smaller: '', change: '' };

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const sizeClassText = (size: string) => capital(size);
export const CHANGE_TEXTS: Record<SizeChange, string> = {
  none: 'No size change',
  growth: 'Growth',
  shrinking: 'Shrinking',
  both: 'Growth and shrinking',
};

/** The size filter a URL asks for; values that are not size classes or changes are ignored. */
export function sizeFilterOf(params: URLSearchParams): SizeFilter {
  const pick = (name: SizeParam, allowed: readonly string[]) => {
    const value = params.get(name) ?? '';
    return allowed.includes(value) ? value : '';
  };
  return {
    larger: pick('larger', SIZE_CLASSES),
    smaller: pick('smaller', SIZE_CLASSES),
    change: pick('change', SIZE_CHANGES),
  };
}

/** The filter's parts for a list of stories or series (`post.` fields), safely bound. */
export function sizeFilterParts(sizes: SizeFilter): string[] {
  const parts: string[] = [];
  if (sizes.larger) parts.push(pb.filter('post.larger_size = {:larger}', { larger: sizes.larger }));
  if (sizes.smaller) parts.push(pb.filter('post.smaller_size = {:smaller}', { smaller: sizes.smaller }));
  if (sizes.change) parts.push(pb.filter('post.size_change = {:change}', { change: sizes.change }));
  return parts;
}

/** How a post's sizes read on a card or story page: "Mega giant", "Micro tiny", "Growth". */
export function sizeTexts(post: Pick<PostRecord, 'larger_size' | 'smaller_size' | 'size_change'>): string[] {
  const texts: string[] = [];
  if (post.larger_size) texts.push(`${sizeClassText(post.larger_size)} giant`);
  if (post.smaller_size) texts.push(`${sizeClassText(post.smaller_size)} tiny`);
  if (post.size_change) texts.push(CHANGE_TEXTS[post.size_change as SizeChange] ?? post.size_change);
  return texts;
}

/** A post's size fields as a form holds them ('' for "not given"). */
export interface PostSizes {
  larger_size: string;
  smaller_size: string;
  size_change: string;
}

export const NO_POST_SIZES: PostSizes = { larger_size: '', smaller_size: '', size_change: '' };

export const sizesOf = (post: Partial<PostSizes>): PostSizes => ({
  larger_size: post.larger_size ?? '',
  smaller_size: post.smaller_size ?? '',
  size_change: post.size_change ?? '',
});

/** Only the sizes given: a new post leaves the others unset (an edit sends all three, to clear one). */
export const givenSizes = (sizes: PostSizes): Partial<PostSizes> =>
  Object.fromEntries(Object.entries(sizes).filter(([, value]) => value !== ''));
