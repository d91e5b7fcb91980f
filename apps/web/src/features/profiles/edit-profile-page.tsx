import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { flash } from '../../components/flash';
import { PageLoader } from '../../components/page-loader';
import { avatarUrl } from '../../lib/avatar';
import { errorMessage, errorMessages } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useMyProfile } from './api/get-profile';
import { useSaveProfile, type ProfileDraft } from './api/save-profile';
import { ExternalVerification } from './external-verification';
import { ProfileForm } from './profile-form';
import { PROFILE_TEXTS } from './profile-texts';

/**
 * /edit-profile (spec part 1 §2): every profile field, the avatar, and external verification. A member
 * whose registration stopped before the profile existed (PRODUCT.md §3) lands here and creates it.
 */
export function EditProfilePage() {
  usePageTitle('Edit Profile');
  const { user } = useSession();
  const userId = user?.id ?? '';
  const profile = useMyProfile(userId);
  const save = useSaveProfile(userId);

  const onSave = (draft: ProfileDraft) => {
    save.mutate(
      { current: profile.data ?? null, draft },
      {
        onSuccess: () => flash.success(PROFILE_TEXTS.saved),
        onError: (error) => {
          // The spec's text first, then what the server said about which field.
          flash.error(PROFILE_TEXTS.saveFailed);
          for (const text of errorMessages(error)) flash.error(text);
        },
      },
    );
  };

  let body;
  if (profile.isPending) body = <PageLoader />;
  else if (profile.isError)
    body = (
      <Text c="red" role="alert">
        {errorMessage(profile.error)}
      </Text>
    );
  else
    body = (
      <Stack gap="xl">
        {profile.data === null && (
          <Alert color="yellow" title="Finish your registration">
            {PROFILE_TEXTS.noProfileYet}
          </Alert>
        )}
        <ProfileForm
          // A fresh form once the saved profile comes back, so it shows what the server kept.
          key={String(profile.data?.updated ?? 'new')}
          profile={profile.data}
          currentAvatar={avatarUrl(profile.data, '256x256f')}
          saving={save.isPending}
          refusal={save.error}
          onSave={onSave}
        />
        {profile.data && (
          <>
            <Divider />
            <ExternalVerification profile={profile.data} />
          </>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>Edit Profile</Title>
        <Button component={Link} to="/profiles/me" variant="light">
          View Profile
        </Button>
      </Group>
      {body}
    </Stack>
  );
}
