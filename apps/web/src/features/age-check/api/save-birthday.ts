import { useMutation } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { SessionUser } from '../../../lib/session';
import { ageCheckKeys } from './keys';

/**
 * Gives the member's birthday, once (the server accepts it only while none is stored). The SDK refreshes
 * the signed-in record from the answer, so the prompt leaves and posting opens at once.
 */
export function saveBirthday(userId: string, birthday: string): Promise<SessionUser> {
  return pb.collection('users').update<SessionUser>(userId, { birthday });
}

export function useSaveBirthday() {
  return useMutation({
    mutationKey: ageCheckKeys.save(),
    mutationFn: ({ userId, birthday }: { userId: string; birthday: string }) =>
      saveBirthday(userId, birthday),
  });
}
