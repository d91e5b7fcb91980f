/** Query keys of the search feature; every cached search answer starts with `search`. */
export const searchKeys = {
  all: ['search'] as const,
  stories: (query: string, page: number) => ['search', 'stories', query, page] as const,
};
