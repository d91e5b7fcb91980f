/**
 * Query keys of the co-authors feature; every one starts with `coauthors`: a post's contributors and its
 * pending invitations (for the edit pages), and the signed-in member's own pending invitations.
 */
export const coauthorKeys = {
  all: ['coauthors'] as const,
  contributors: (postId: string) => ['coauthors', 'contributors', postId] as const,
  invitations: (postId: string) => ['coauthors', 'invitations', postId] as const,
  mine: (userId: string) => ['coauthors', 'mine', userId] as const,
};
