/** Query keys of the reading feature: the member's own read progress. */
export const readingKeys = {
  all: ['reading'] as const,
  story: (userId: string, storyId: string) => ['reading', userId, 'story', storyId] as const,
  stories: (userId: string, storyIds: readonly string[]) =>
    ['reading', userId, 'stories', ...storyIds] as const,
  save: (userId: string, storyId: string) => ['reading', userId, 'save', storyId] as const,
  unfinished: (userId: string) => ['reading', userId, 'unfinished'] as const,
};
