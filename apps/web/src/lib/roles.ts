/** Staff roles stored in the users collection's `roles` multi-select (spec part 1 §3). */
export const ROLES = ['admin', 'moderator', 'tester'] as const;
export type Role = (typeof ROLES)[number];

// The hierarchy of spec part 1 §6: admin counts as moderator, moderator counts as tester.
export const isAdmin = (roles: readonly Role[]): boolean => roles.includes('admin');
export const isModerator = (roles: readonly Role[]): boolean => isAdmin(roles) || roles.includes('moderator');
export const isTester = (roles: readonly Role[]): boolean => isModerator(roles) || roles.includes('tester');

/** Reads the `roles` field defensively: a multi-select is an array, but a single select would be a string. */
export function parseRoles(value: unknown): Role[] {
  const values: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return ROLES.filter((role) => values.includes(role));
}
