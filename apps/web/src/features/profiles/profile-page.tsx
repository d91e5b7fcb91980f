import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ReportDialog } from '../../components/report/report-dialog';
import { avatarUrl } from '../../lib/avatar';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { isModerator, isTester } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { ME, useProfile } from './api/get-profile';
import { profileDisplayName, type ProfileRecord } from './api/profile-fields';
import { MemberPosts } from './member-posts';
import { ExternalBadge, ProfileDetails } from './profile-details';
import { PROFILE_TEXTS } from './profile-texts';

/**
 * Where "Send Message" leads: the messages screen opens (or starts) the conversation with this member.
 * The messages feature reads `?with=<userId>`.
 */
export const messagePath = (userId: string) => `/messages?with=${encodeURIComponent(userId)}`;

/** Internal ids: moderators see the User ID and Profile ID, testers the profile's internal id. */
function InternalIds({ profile }: { profile: ProfileRecord }) {
  const { roles } = useSession();
  if (isModerator(roles)) {
    return (
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          User ID: <code>{profile.user}</code>
        </Text>
        <Text size="sm" c="dimmed">
          Profile ID: <code>{profile.id}</code>
        </Text>
      </Stack>
    );
  }
  if (isTester(roles)) {
    return (
      <Text size="sm" c="dimmed">
        ID: <code>{profile.id}</code>
      </Text>
    );
  }
  return null;
}

/** What the app adds to another member's profile (features do not import each other). */
export interface ProfilePageProps {
  /** Follow / Unfollow (the follows feature), first among the actions. */
  renderFollow?: ((userId: string) => ReactNode) | undefined;
  /** Further actions after Report (the blocks feature's Block button). */
  renderActions?: ((profile: ProfileRecord) => ReactNode) | undefined;
}

type ActionsProps = { profile: ProfileRecord; isMe: boolean } & ProfilePageProps;

function ProfileActions({ profile, isMe, renderFollow, renderActions }: ActionsProps) {
  const [reporting, setReporting] = useState(false);
  if (isMe) {
    return (
      <Group>
        <Button component={Link} to="/edit-profile">
          Edit Profile
        </Button>
      </Group>
    );
  }
  return (
    <Group>
      {renderFollow?.(profile.user)}
      <Button component={Link} to={messagePath(profile.user)}>
        Send Message
      </Button>
      <Button variant="light" color="red" onClick={() => setReporting(true)}>
        Report
      </Button>
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        target="profile"
        targetId={profile.id}
        title="Report Profile"
        question="Why are you reporting this profile?"
      />
      {renderActions?.(profile)}
    </Group>
  );
}

function ProfileView({ profile, isMe, ...slots }: ActionsProps) {
  const name = profileDisplayName(profile);
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Group align="flex-start" wrap="wrap" gap="lg">
          <Avatar src={avatarUrl(profile, '64x64')} alt={name} size={64} radius="xl">
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Title order={1}>{name}</Title>
            <Text c="dimmed" size="sm">
              @{profile.expand?.user?.username ?? profile.username}
            </Text>
            <Group gap="xs">
              <ExternalBadge profile={profile} />
            </Group>
            <InternalIds profile={profile} />
          </Stack>
          <ProfileActions profile={profile} isMe={isMe} {...slots} />
        </Group>
      </Card>
      <ProfileDetails profile={profile} />
      <MemberPosts kind="stories" userId={profile.user} />
      <MemberPosts kind="series" userId={profile.user} />
    </Stack>
  );
}

const NOT_FOUND_TITLE = 'Profile not found';

/** /profiles/{username} and /profiles/me (spec part 1 §2 "Profile"). */
export function ProfilePage(slots: ProfilePageProps = {}) {
  const { username = ME } = useParams();
  const { user } = useSession();
  const myId = user?.id ?? '';
  const profile = useProfile(username, myId);
  const notFound = profile.isError && isNotFoundError(profile.error);
  usePageTitle(profile.data ? profileDisplayName(profile.data) : notFound ? NOT_FOUND_TITLE : 'Profile');

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    if (notFound) {
      return (
        <Stack>
          <Title order={1}>{NOT_FOUND_TITLE}</Title>
          <Text>{PROFILE_TEXTS.notFound}</Text>
          {username === ME && (
            <Button component={Link} to="/edit-profile" w="fit-content">
              Finish your profile
            </Button>
          )}
        </Stack>
      );
    }
    return (
      <Text c="red" role="alert">
        {errorMessage(profile.error)}
      </Text>
    );
  }
  return <ProfileView profile={profile.data} isMe={profile.data.user === myId} {...slots} />;
}
