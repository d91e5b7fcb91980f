import type { Reaction } from './reactions';

/** Query keys of the data every post screen shares: the member's own reactions, labels and tags. */
export const postKeys = {
  myReaction: (reaction: Reaction, postId: string, userId: string) =>
    ['post-reactions', reaction, postId, userId] as const,
  labels: ['labels'] as const,
  tags: ['tags'] as const,
};
