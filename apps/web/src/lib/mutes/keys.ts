/** Query keys of the member's muted tags and labels (PRODUCT.md §14). */
export const muteKeys = {
  mine: (userId: string) => ['mutes', userId] as const,
};
