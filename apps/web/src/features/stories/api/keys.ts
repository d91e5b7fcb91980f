import type { MutedMode } from '../../../lib/mutes/types';
import type { SizeFilter } from '../../../lib/posts/sizes';

/** Query keys of the stories feature; every cached story list and story starts with `stories`. */
export const storyKeys = {
  all: ['stories'] as const,
  list: (page: number, muted: MutedMode) => ['stories', 'list', page, muted] as const,
  latest: (muted: MutedMode) => ['stories', 'latest', muted] as const,
  browse: (label: string, tag: string, sizes: SizeFilter, page: number, muted: MutedMode) =>
    ['stories', 'browse', label, tag, sizes, page, muted] as const,
  mine: (userId: string) => ['stories', 'mine', userId] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
  series: (id: string) => ['stories', 'series', id] as const,
};
