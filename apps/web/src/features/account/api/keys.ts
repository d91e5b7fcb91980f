/** Query keys of the member's own account record (with its profile). */
export const accountKeys = {
  detail: (userId: string) => ['users', userId, 'with-profile'] as const,
};
