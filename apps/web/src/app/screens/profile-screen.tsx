import { useParams } from 'react-router';
import { BlockButton } from '../../features/blocks/block-button';
import { BlockedProfile } from '../../features/blocks/blocked-profile';
import { findBlock, useMyBlocks } from '../../features/blocks/api/get-my-blocks';
import { FollowButton } from '../../features/follows/follow-button';
import { ProfilePage } from '../../features/profiles/profile-page';
import { profileDisplayName } from '../../features/profiles/api/profile-fields';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';

/** The roles of a profile's member (an expanded users record): staff get no Block button. */
const rolesOf = (user: Record<string, unknown> | undefined): unknown => user?.roles;

/**
 * /profiles/{username}: the profile with the follows feature's Follow / Unfollow and the blocks feature's
 * Block button for another member. The server no longer lists the profile of a member one blocked, so for
 * them the blocks feature's notice (with Unblock) stands in.
 */
export function ProfileScreen() {
  const { username = 'me' } = useParams();
  const { user } = useSession();
  const blocks = useMyBlocks(user?.id ?? '');
  if (username !== 'me' && user) {
    if (blocks.isPending) return <PageLoader />;
    const block = findBlock(blocks.data, username);
    if (block) return <BlockedProfile block={block} />;
  }
  return (
    <ProfilePage
      renderFollow={(authorId) => user && <FollowButton userId={user.id} kind="author" id={authorId} />}
      renderActions={(profile) => (
        <BlockButton
          memberId={profile.user}
          memberName={profileDisplayName(profile)}
          memberRoles={rolesOf(profile.expand?.user)}
        />
      )}
    />
  );
}
