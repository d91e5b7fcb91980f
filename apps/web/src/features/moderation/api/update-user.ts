import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import type { Role } from '../../../lib/roles';
import { pb } from '../../../lib/pocketbase';
import { adminCountKeys, moderationLogKeys, userDirectoryKeys } from './keys';

export type UserChange =
  { user: string; kind: 'ban' | 'unban'; reason: string } | { user: string; kind: 'roles'; roles: Role[] };

export const USER_CHANGE_TEXTS = {
  ban: 'Member banned',
  unban: 'Ban lifted',
  roles: 'Roles saved',
  reasonRequired: 'Give a reason: the moderation log keeps it',
} as const;

/**
 * Moderators ban and lift bans with a reason (sent as `?reason=`, which the server writes to the moderation
 * log); admins change roles (PRODUCT.md §13, §15). The server enforces both.
 */
export function updateUser(change: UserChange) {
  const users = pb.collection('users');
  if (change.kind === 'roles') return users.update(change.user, { roles: change.roles });
  return users.update(
    change.user,
    { is_banned: change.kind === 'ban' },
    { query: { reason: change.reason.trim() } },
  );
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (_record, change) => void flash.success(USER_CHANGE_TEXTS[change.kind]),
    onError: flashError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userDirectoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: moderationLogKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminCountKeys.all }),
      ]),
  });
}
