import type { MutedMode } from '../../../lib/mutes/types';
import type { SizeFilter } from '../../../lib/posts/sizes';

/** Query keys of the series feature; every cached series list and series starts with `series`. */
export const seriesKeys = {
  all: ['series'] as const,
  list: (page: number, muted: MutedMode) => ['series', 'list', page, muted] as const,
  browse: (label: string, tag: string, sizes: SizeFilter, page: number, muted: MutedMode) =>
    ['series', 'browse', label, tag, sizes, page, muted] as const,
  detail: (id: string) => ['series', 'detail', id] as const,
  /** The member's own stories a series form may add as chapters. */
  myStories: (userId: string) => ['series', 'my-stories', userId] as const,
};
