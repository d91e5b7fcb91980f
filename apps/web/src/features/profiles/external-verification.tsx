import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { flash, flashError } from '../../components/flash';
import { CF_CODE_LENGTH, useVerifyExternalProfile } from './api/verify-external';
import type { ProfileRecord } from './api/profile-fields';
import { PROFILE_TEXTS } from './profile-texts';

/**
 * External profile verification (spec part 1 §4, §5): the member pastes the 12-character code the
 * external site gave them. The Verify button appears only for a code of that length on an unverified
 * profile; once verified, the external username is shown read-only.
 */
export function ExternalVerification({ profile }: { profile: ProfileRecord }) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const verify = useVerifyExternalProfile();
  const verified = Boolean(profile.cf_verified) || verify.isSuccess;
  const cfUsername = verify.data?.cf_username ?? profile.cf_username;

  const submit = () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    if (trimmed.length !== CF_CODE_LENGTH) return;
    verify.mutate(trimmed, {
      onSuccess: () => flash.success(PROFILE_TEXTS.cfVerified),
      onError: flashError,
    });
  };

  return (
    <Stack component="section" aria-labelledby="external-verification" gap="xs">
      <Title order={2} size="h3" id="external-verification">
        Coiled Fist verification
      </Title>
      <TextInput label="Coiled Fist username" value={cfUsername} readOnly disabled={!verified} />
      {verified ? (
        <Group gap="xs">
          <Badge color="teal" variant="light" tt="none" size="lg">
            {PROFILE_TEXTS.cfVerified}
          </Badge>
          <Text size="sm">Your profile is verified as {cfUsername}.</Text>
        </Group>
      ) : (
        <form
          aria-label="Verify your Coiled Fist profile"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Get a {CF_CODE_LENGTH}-character verification code from your Coiled Fist profile and enter it
              here.
            </Text>
            <Group align="flex-end">
              <TextInput
                label="Verification code"
                value={code}
                maxLength={64}
                autoComplete="off"
                onChange={(event) => {
                  setCode(event.currentTarget.value);
                  setMissing(false);
                }}
                error={missing ? PROFILE_TEXTS.cfCodeMissing : undefined}
                style={{ flex: 1, minWidth: 200 }}
              />
              {code.trim().length === CF_CODE_LENGTH && (
                <Button type="submit" variant="light" loading={verify.isPending}>
                  Verify
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
