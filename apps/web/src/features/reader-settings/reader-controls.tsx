import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { flash, flashError } from '../../components/flash';
import { useSession } from '../../lib/session';
import { useReaderSettings, useSaveReaderSettings } from './api/save-reader-settings';
import {
  READER_CHOICES,
  READER_SETTINGS,
  READER_SETTING_LABELS,
  type ReaderSetting,
} from './reader-settings';

function ReaderChoice({
  setting,
  value,
  fullWidth,
  onChange,
}: {
  setting: ReaderSetting;
  value: string;
  fullWidth: boolean;
  onChange: (value: string) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm" id={labelId}>
        {READER_SETTING_LABELS[setting]}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        size="xs"
        fullWidth={fullWidth}
        w={fullWidth ? undefined : 'fit-content'}
        maw="100%"
        data={READER_CHOICES[setting].map(({ value: choice, label }) => ({ value: choice, label }))}
        value={value}
        onChange={onChange}
      />
    </Stack>
  );
}

/**
 * The four reader settings, each saved as soon as it is chosen and applied at once. `announce` says
 * "Settings saved successfully." after each save (the settings screen); the story page's quick control
 * shows the change in the text itself.
 */
export function ReaderControls({
  announce = false,
  compact = false,
}: {
  announce?: boolean;
  compact?: boolean;
}) {
  const { user } = useSession();
  const reader = useReaderSettings();
  const save = useSaveReaderSettings();
  if (!user) return null;
  const choose = (setting: ReaderSetting, value: string) => {
    if (value === reader[setting]) return;
    const next = { ...reader, [setting]: value };
    save.mutate(
      { userId: user.id, reader: next },
      {
        onSuccess: () => {
          if (announce) flash.success('Settings saved successfully.');
        },
        onError: flashError,
      },
    );
  };
  return (
    <Stack gap="sm">
      {READER_SETTINGS.map((setting) => (
        <ReaderChoice
          key={setting}
          setting={setting}
          value={reader[setting]}
          fullWidth={compact}
          onChange={(value) => choose(setting, value)}
        />
      ))}
    </Stack>
  );
}
