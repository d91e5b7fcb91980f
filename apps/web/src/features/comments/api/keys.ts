/** Query keys of comment threads, one per commented post. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (target: string) => ['comments', target] as const,
};
