import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import type { UserSettings } from '../../../lib/session';
import type { AccountProfile } from './get-account';
import { accountKeys } from './keys';

/** The profile's own settings (spec part 1 §3): shown to everyone who sees the profile. */
export interface ProfileSettings {
  displayUsername: boolean;
  displayAge: boolean;
}

export interface SettingsValues {
  user: Required<
    Pick<UserSettings, 'theme' | 'notification_sound' | 'show_markdown_source' | 'appear_online'>
  >;
  profile: ProfileSettings;
}

/**
 * Saves the user settings (on the users record) and the profile settings (on the profile), each merged
 * into what is already stored so settings other screens add (reader settings, who may message me) stay.
 * The SDK refreshes the signed-in record from the answer, so the theme applies at once.
 */
export async function saveSettings(
  userId: string,
  currentUser: UserSettings | null | undefined,
  profile: AccountProfile | undefined,
  values: SettingsValues,
): Promise<void> {
  await pb.collection('users').update(userId, { settings: { ...(currentUser ?? {}), ...values.user } });
  if (profile) {
    await pb
      .collection('profiles')
      .update(profile.id, { settings: { ...(profile.settings ?? {}), ...values.profile } });
  }
}

export function useSaveSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: {
      currentUser: UserSettings | null | undefined;
      profile: AccountProfile | undefined;
      values: SettingsValues;
    }) => saveSettings(userId, args.currentUser, args.profile, args.values),
    // The display name in the header and on profiles follows displayUsername.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.detail(userId) }),
        queryClient.invalidateQueries({ queryKey: ['profiles'] }),
      ]),
  });
}
