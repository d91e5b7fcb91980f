import type { MutedMode } from '../../../lib/mutes/types';
import type { SizeFilter } from '../../../lib/posts/sizes';

/** Query keys of the search feature; every cached search answer starts with `search`. */
export const searchKeys = {
  all: ['search'] as const,
  stories: (query: string, sizes: SizeFilter, page: number, muted: MutedMode) =>
    ['search', 'stories', query, sizes, page, muted] as const,
};
