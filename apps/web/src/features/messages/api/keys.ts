/** Query keys of direct messages. */
export const messageKeys = {
  all: ['messages'] as const,
  unreadInbox: (userId: string) => ['messages', 'inbox', userId, 'unread'] as const,
};
