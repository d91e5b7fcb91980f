/** Mutation keys of the EPUB feature: one download of a story or series book at a time. */
export const epubKeys = {
  all: ['epub'] as const,
  download: (kind: 'stories' | 'series', id: string) => ['epub', kind, id] as const,
};
