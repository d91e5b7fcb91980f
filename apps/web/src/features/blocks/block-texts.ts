/** The words of the blocks feature (PRODUCT.md §14 "Blocking"). */
export const BLOCK_TEXTS = {
  block: 'Block',
  unblock: 'Unblock',
  question: (name: string) =>
    `Block ${name}? You will no longer see their stories, series, forum posts, comments or profile, and neither of you will be able to message the other. They are not told.`,
  blocked: 'Member blocked.',
  unblocked: 'Member unblocked.',
  heading: 'Blocked members',
  empty: 'You have not blocked anyone.',
  loading: 'Loading blocked members…',
  profileNotice: (name: string) =>
    `You blocked ${name}. Their stories, series, forum posts, comments and profile are hidden from you, and neither of you can message the other.`,
};
