import { Stack } from '@mantine/core';
import { HomePage } from '../../features/pages/home-page';
import { ContinueReading } from '../../features/reading/continue-reading';
import { useSession } from '../../lib/session';

/** /: the home page record, and for a signed-in member the stories they started and did not finish. */
export function HomeScreen() {
  const { user } = useSession();
  return (
    <Stack gap="xl">
      <HomePage />
      {user && <ContinueReading userId={user.id} />}
    </Stack>
  );
}
