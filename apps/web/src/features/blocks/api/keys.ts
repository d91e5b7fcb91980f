/** Query keys of the blocks feature: the members the signed-in member blocked. */
export const blockKeys = {
  all: ['blocks'] as const,
  mine: (userId: string) => ['blocks', 'mine', userId] as const,
};
