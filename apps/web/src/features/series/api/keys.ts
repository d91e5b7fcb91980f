/** Query keys of the series feature; every cached series list and series starts with `series`. */
export const seriesKeys = {
  all: ['series'] as const,
  list: (page: number) => ['series', 'list', page] as const,
  browse: (label: string, tag: string, page: number) => ['series', 'browse', label, tag, page] as const,
  detail: (id: string) => ['series', 'detail', id] as const,
  /** The member's own stories a series form may add as chapters. */
  myStories: (userId: string) => ['series', 'my-stories', userId] as const,
};
