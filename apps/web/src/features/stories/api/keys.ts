export const storyKeys = {
  all: ['stories'] as const,
  list: (page: number) => ['stories', 'list', page] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
};

export const likeKeys = {
  mine: (postId: string, userId: string) => ['likes', postId, userId] as const,
};
