/** Query keys of the revisions feature: a story's saved versions, by post and page. */
export const revisionKeys = {
  all: ['revisions'] as const,
  list: (postId: string, page: number) => ['revisions', postId, page] as const,
};
