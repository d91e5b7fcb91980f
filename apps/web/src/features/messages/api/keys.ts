/** Query keys of direct messages. Every key starts with 'messages', so one live event refreshes them all. */
export const messageKeys = {
  all: ['messages'] as const,
  unreadInbox: (userId: string) => ['messages', 'inbox', userId, 'unread'] as const,
  conversations: (userId: string, page: number, search: string, box: string) =>
    ['messages', 'conversations', userId, page, search, box] as const,
  conversation: (conversationId: string) => ['messages', 'conversation', conversationId] as const,
  messagesFrom: (userId: string) => ['messages', 'settings', userId] as const,
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  member: (userId: string) => ['messages', 'member', userId] as const,
  message: (messageId: string) => ['messages', 'one', messageId] as const,
  preview: (path: string) => ['messages', 'preview', path] as const,
  profiles: (userIds: readonly string[]) => ['messages', 'profiles', ...userIds] as const,
};

/** The lists a new, changed or read message can change: the inbox, the conversations and the threads. */
const LIVE_LISTS = new Set<unknown>(['inbox', 'conversations', 'conversation', 'thread']);

export const isLiveList = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  queryKey[0] === 'messages' && LIVE_LISTS.has(queryKey[1]);
