import { FollowButton } from '../../features/follows/follow-button';
import { ProfilePage } from '../../features/profiles/profile-page';
import { useSession } from '../../lib/session';

/** /profiles/{username}: the profile, with the follows feature's Follow / Unfollow for another member. */
export function ProfileScreen() {
  const { user } = useSession();
  return (
    <ProfilePage
      renderFollow={(authorId) => user && <FollowButton userId={user.id} kind="author" id={authorId} />}
    />
  );
}
