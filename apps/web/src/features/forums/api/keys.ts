/** Query keys of the forums feature; every cached forum list, thread and count starts with `forums`. */
export const forumKeys = {
  all: ['forums'] as const,
  list: ['forums', 'list'] as const,
  counts: ['forums', 'counts'] as const,
  recent: (forumId: string) => ['forums', 'recent', forumId] as const,
  detail: (forumId: string) => ['forums', 'detail', forumId] as const,
  threads: (forumId: string, page: number) => ['forums', 'threads', forumId, page] as const,
  thread: (threadId: string) => ['forums', 'thread', threadId] as const,
  pinned: ['forums', 'pinned'] as const,
};
