/** Query keys of the profiles feature; every cached profile, member list and reaction list starts with `profiles`. */
export const profileKeys = {
  all: ['profiles'] as const,
  /** A profile by its member's username, or `me` by the signed-in member's id. */
  byUsername: (username: string) => ['profiles', 'by-username', username] as const,
  mine: (userId: string) => ['profiles', 'mine', userId] as const,
  memberPosts: (kind: 'stories' | 'series', userId: string, page: number) =>
    ['profiles', 'member-posts', kind, userId, page] as const,
  reactions: (reaction: 'likes' | 'favorites', userId: string) =>
    ['profiles', 'reactions', reaction, userId] as const,
};

/**
 * The account feature caches the signed-in member's user record with its profile under `['users', id, …]`
 * (the header's avatar and name). A profile save invalidates that prefix so the header follows at once.
 */
export const accountQueryPrefix = (userId: string) => ['users', userId] as const;
