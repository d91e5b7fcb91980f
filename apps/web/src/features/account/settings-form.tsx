import { Button, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { flash, flashError } from '../../components/flash';
import { PageLoader } from '../../components/page-loader';
import { THEME_SETTINGS, isThemeSetting, siteConfig } from '../../lib/config';
import { errorMessage } from '../../lib/errors';
import { useSession, type UserSettings } from '../../lib/session';
import { useAccount, type AccountProfile } from './api/get-account';
import { useSaveSettings, type SettingsValues } from './api/save-settings';

export const SETTINGS_TEXTS = { saved: 'Settings saved successfully.' } as const;

const THEME_LABELS = { auto: 'Auto', dark: 'Dark', light: 'Light' } as const;

/** Stored settings with the spec's defaults (theme from the site, sound and online on). */
function valuesOf(
  user: UserSettings | null | undefined,
  profile: AccountProfile | undefined,
): SettingsValues {
  return {
    user: {
      theme: isThemeSetting(user?.theme) ? user.theme : siteConfig.defaultTheme,
      notification_sound: user?.notification_sound ?? true,
      show_markdown_source: user?.show_markdown_source ?? false,
      appear_online: user?.appear_online ?? true,
    },
    profile: {
      displayUsername: profile?.settings?.displayUsername ?? false,
      displayAge: profile?.settings?.displayAge ?? false,
    },
  };
}

interface FormProps {
  userId: string;
  userSettings: UserSettings | null | undefined;
  profile: AccountProfile | undefined;
}

function SettingsFields({ userId, userSettings, profile }: FormProps) {
  const form = useForm<SettingsValues>({ initialValues: valuesOf(userSettings, profile) });
  const save = useSaveSettings(userId);
  useServerErrors(form, save.error);
  const onSubmit = (values: SettingsValues) =>
    save.mutate(
      { currentUser: userSettings, profile, values },
      { onSuccess: () => flash.success(SETTINGS_TEXTS.saved), onError: flashError },
    );

  return (
    <form onSubmit={form.onSubmit(onSubmit)} aria-label="Site settings">
      <Stack gap="md">
        <Stack gap={4}>
          <Text fw={500} id="settings-theme-label">
            Theme
          </Text>
          <SegmentedControl
            aria-labelledby="settings-theme-label"
            data={THEME_SETTINGS.map((value) => ({ value, label: THEME_LABELS[value] }))}
            w="fit-content"
            {...form.getInputProps('user.theme')}
          />
        </Stack>
        <Switch
          label="Notification sound"
          description="Play a sound when a new notification arrives."
          {...form.getInputProps('user.notification_sound', { type: 'checkbox' })}
        />
        <Switch
          label="Show markdown source"
          description="Show the markdown of stories and comments instead of the formatted text."
          {...form.getInputProps('user.show_markdown_source', { type: 'checkbox' })}
        />
        <Switch
          label="Appear online"
          description="Let other members see when you are online."
          {...form.getInputProps('user.appear_online', { type: 'checkbox' })}
        />
        <Switch
          label="Display username"
          description="Show your username instead of your display name."
          disabled={!profile}
          {...form.getInputProps('profile.displayUsername', { type: 'checkbox' })}
        />
        <Switch
          label="Display age"
          description="Show your age on your profile."
          disabled={!profile}
          {...form.getInputProps('profile.displayAge', { type: 'checkbox' })}
        />
        <Button type="submit" loading={save.isPending} w="fit-content">
          Save Settings
        </Button>
      </Stack>
    </form>
  );
}

/** The settings part of /settings (spec part 1 §2 "Settings"): user settings and profile settings. */
export function SettingsForm() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const account = useAccount(userId);

  let body;
  if (account.isPending) body = <PageLoader />;
  else if (account.isError)
    body = (
      <Text c="red" role="alert">
        {errorMessage(account.error)}
      </Text>
    );
  else
    body = (
      <SettingsFields
        key={String(account.data.updated)}
        userId={userId}
        userSettings={user?.settings}
        profile={account.data.expand?.profile}
      />
    );

  return (
    <Stack component="section" aria-labelledby="settings-site" gap="xs">
      <Title order={2} id="settings-site">
        Site Settings
      </Title>
      {body}
    </Stack>
  );
}
