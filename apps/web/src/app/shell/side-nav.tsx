import { lazy, Suspense } from 'react';
import { NavItem } from '../../components/nav-item';
import { QuietBoundary } from '../../components/quiet-boundary';
import { isModerator } from '../../lib/roles';
import { useSession } from '../../lib/session';

// Only moderators and admins see it, so everyone else never downloads it.
const AdminNav = lazy(() =>
  import('../../features/moderation/admin-nav').then((m) => ({ default: m.AdminNav })),
);

// Signed-in members only; it also keeps their own presence (spec part 2 §4).
const WhosOnline = lazy(() =>
  import('../../features/presence/whos-online').then((m) => ({ default: m.WhosOnline })),
);

const NAV_ITEMS = [
  { to: '/forums', label: 'Forums' },
  { to: '/stories', label: 'Stories' },
  { to: '/search', label: 'Search' },
];

/** Forums, Stories, Search for everyone; Who's Online for members; moderators also get the admin navigation. */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const { user, roles } = useSession();
  return (
    <>
      {NAV_ITEMS.map((item) => (
        <NavItem key={item.to} to={item.to} label={item.label} onClick={onNavigate} />
      ))}
      {user && (
        <QuietBoundary key={`online-${user.id}`}>
          <Suspense fallback={null}>
            <WhosOnline />
          </Suspense>
        </QuietBoundary>
      )}
      {user && isModerator(roles) && (
        <QuietBoundary key={user.id}>
          <Suspense fallback={null}>
            <AdminNav />
          </Suspense>
        </QuietBoundary>
      )}
    </>
  );
}
