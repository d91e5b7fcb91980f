import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { flash } from '../../components/flash';
import { useSession } from '../../lib/session';
import { useConfirmVerification } from './api/confirm-verification';
import { useRequestVerification } from './api/request-verification';

export const VERIFICATION_TEXTS = {
  sent: 'Verification email sent, please check your inbox for further instructions.',
  verified: 'Email verified successfully.',
};

/** Confirms `?verificationToken=…` once when the page opens (spec part 1 §2 "Settings"). */
function useConfirmVerificationFromUrl() {
  const [params] = useSearchParams();
  const token = params.get('verificationToken');
  const confirm = useConfirmVerification(() => flash.success(VERIFICATION_TEXTS.verified));
  // One confirmation per token, also when React runs effects twice in development.
  const confirmed = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!token || confirmed.current === token) return;
    confirmed.current = token;
    mutate(token);
  }, [token, mutate]);
  return confirm;
}

/** The email part of /settings: the address, whether it is verified, and a way to get it verified. */
export function EmailVerification() {
  const { user } = useSession();
  const confirming = useConfirmVerificationFromUrl();
  const request = useRequestVerification(() => flash.success(VERIFICATION_TEXTS.sent));
  const email = typeof user?.email === 'string' ? user.email : '';

  return (
    <Stack component="section" aria-labelledby="settings-email" gap="xs">
      <Title order={2} id="settings-email">
        Email
      </Title>
      <Text>{email}</Text>
      {user?.verified ? (
        <Text c="green">Your email address is verified.</Text>
      ) : (
        <Group>
          <Text c="dimmed">Your email address is not verified yet.</Text>
          <Button
            variant="light"
            loading={request.isPending}
            disabled={!email || confirming.isPending || request.isSuccess}
            onClick={() => request.mutate(email)}
          >
            Send Verification Email
          </Button>
        </Group>
      )}
    </Stack>
  );
}
