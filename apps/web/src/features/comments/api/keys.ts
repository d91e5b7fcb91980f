/** Query keys of comment threads: everything cached about one post's comments starts with its thread key. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (target: string) => ['comments', target] as const,
  page: (target: string, page: number) => ['comments', target, 'page', page] as const,
  pageOf: (target: string, commentId: string) => ['comments', target, 'page-of', commentId] as const,
};
