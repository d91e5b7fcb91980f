import { Stack } from '@mantine/core';
import { PinnedThreads } from '../../features/forums/pinned-threads';
import { HomePage } from '../../features/pages/home-page';
import { ContinueReading } from '../../features/reading/continue-reading';
import { LatestStories } from '../../features/stories/latest-stories';
import { useSession } from '../../lib/session';

/**
 * /: the home page record; a signed-in member also sees the pinned forum threads above it (spec part 1
 * §2), the stories they started and did not finish, and the latest stories (without their muted tags).
 */
export function HomeScreen() {
  const { user } = useSession();
  return (
    <Stack gap="xl">
      <HomePage aboveContent={user ? <PinnedThreads /> : undefined} />
      {user && <ContinueReading userId={user.id} />}
      {user && <LatestStories />}
    </Stack>
  );
}
