/** Query keys of Who's Online. */
export const presenceKeys = {
  all: ['presence'] as const,
  online: ['presence', 'online'] as const,
};
