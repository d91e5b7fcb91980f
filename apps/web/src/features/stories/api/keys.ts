/** Query keys of the stories feature; every cached story list and story starts with `stories`. */
export const storyKeys = {
  all: ['stories'] as const,
  list: (page: number) => ['stories', 'list', page] as const,
  browse: (label: string, tag: string, page: number) => ['stories', 'browse', label, tag, page] as const,
  mine: (userId: string) => ['stories', 'mine', userId] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
  series: (id: string) => ['stories', 'series', id] as const,
};
