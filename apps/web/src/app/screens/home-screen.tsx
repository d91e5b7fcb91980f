import { PinnedThreads } from '../../features/forums/pinned-threads';
import { HomePage } from '../../features/pages/home-page';
import { useSession } from '../../lib/session';

/** /: the home page; members also see the pinned forum threads above its content (spec part 1 §2). */
export function HomeScreen() {
  const session = useSession();
  return <HomePage aboveContent={session.user ? <PinnedThreads /> : undefined} />;
}
