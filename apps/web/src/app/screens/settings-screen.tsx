import { Stack, Title } from '@mantine/core';
import { SettingsPage } from '../../features/account/settings-page';
import { WhoMayMessageMe } from '../../features/messages/who-may-message-me';
import { ReaderSettingsSection } from '../../features/reader-settings/reader-settings-section';

/** /settings: the account's settings, with reader settings and the messages feature's "Who may message me" under them. */
export function SettingsScreen() {
  return (
    <Stack gap="xl">
      <SettingsPage />
      <ReaderSettingsSection />
      <Stack gap="xs" component="section" aria-labelledby="settings-messages">
        <Title order={2} id="settings-messages">
          Messages
        </Title>
        <WhoMayMessageMe />
      </Stack>
    </Stack>
  );
}
