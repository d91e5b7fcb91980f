import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/use-page-title';
import { EmailVerification } from './email-verification';

/** /settings (spec part 1 §2). */
export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <Stack gap="xl">
      <Title order={1}>Settings</Title>
      <EmailVerification />
    </Stack>
  );
}
