import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { profileKeys } from './keys';

/** Spec part 1 §9: the external site's verification codes are 12 characters long. */
export const CF_CODE_LENGTH = 12;

export interface CfVerified {
  cf_username: string;
  cf_verified: string;
}

/**
 * "POST /api/verify-cf-profile with bearer token, body cf_verification_code; answer may carry an error
 * field" (spec part 1 §7). The SDK sends the token and throws on an error status; an `error` field in a
 * success answer is a refusal too.
 */
export async function verifyExternalProfile(code: string): Promise<CfVerified> {
  const answer = await pb.send<Partial<CfVerified> & { error?: string }>('/api/verify-cf-profile', {
    method: 'POST',
    body: { cf_verification_code: code },
  });
  if (answer.error) throw new Error(answer.error);
  return { cf_username: answer.cf_username ?? '', cf_verified: answer.cf_verified ?? '' };
}

export function useVerifyExternalProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyExternalProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
