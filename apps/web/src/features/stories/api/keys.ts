import type { Reaction } from './reactions';

export const storyKeys = {
  all: ['stories'] as const,
  list: (page: number) => ['stories', 'list', page] as const,
  browse: (label: string, tag: string, page: number) => ['stories', 'browse', label, tag, page] as const,
  mine: (userId: string) => ['stories', 'mine', userId] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
  series: (id: string) => ['stories', 'series', id] as const,
};

export const reactionKeys = {
  mine: (reaction: Reaction, postId: string, userId: string) => [reaction, postId, userId] as const,
};
