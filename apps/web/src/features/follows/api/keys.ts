/** Query keys of the follows feature: whether the member follows an author or a series. */
export const followKeys = {
  all: ['follows'] as const,
  one: (userId: string, kind: 'author' | 'series', id: string) => ['follows', userId, kind, id] as const,
};
