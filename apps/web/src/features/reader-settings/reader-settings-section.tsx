import { Stack, Text, Title } from '@mantine/core';
import { ReaderControls } from './reader-controls';

export const READING_SECTION_TITLE = 'Reading';

/** The /settings section of reader settings (PRODUCT.md §14): how stories and forum posts are set for you. */
export function ReaderSettingsSection() {
  return (
    <Stack gap="xs" component="section" aria-labelledby="settings-reading">
      <Title order={2} id="settings-reading">
        {READING_SECTION_TITLE}
      </Title>
      <Text size="sm" c="dimmed">
        How the text of stories and forum posts looks to you. Each choice is saved at once.
      </Text>
      <ReaderControls announce />
    </Stack>
  );
}
