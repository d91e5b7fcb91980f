import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { isModerator, isTester } from '../lib/roles';
import { useSession, type Session } from '../lib/session';

/** `/login?redirect=<the full intended path, query and hash included, URL-encoded>` (spec part 1 §2). */
export function loginRedirectPath({
  pathname,
  search,
  hash,
}: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  return `/login?redirect=${encodeURIComponent(pathname + search + hash)}`;
}

/**
 * A layout route that renders its child routes only when `allows(session)`; otherwise it sends the
 * visitor to the login page with the redirect. Every guard failure goes there (spec part 2 §8 "Guard
 * failure: redirect to login with redirect"), a signed-in member without the role included.
 * It re-renders on every auth change, so signing out on a members-only page leaves it at once.
 */
function Guard({ allows }: { allows: (session: Session) => boolean }) {
  const session = useSession();
  const location = useLocation();
  return allows(session) ? <Outlet /> : <Navigate to={loginRedirectPath(location)} replace />;
}

export const allowsMember = (session: Session) => session.user !== null;
export const allowsModerator = (session: Session) => session.user !== null && isModerator(session.roles);
export const allowsTester = (session: Session) => session.user !== null && isTester(session.roles);

export function RequireMember() {
  return <Guard allows={allowsMember} />;
}

export function RequireModerator() {
  return <Guard allows={allowsModerator} />;
}

/**
 * Tester, moderator or admin. The spec keeps this guard but its route flag is misspelt where routes are
 * declared, so it never applies; accordingly the route table gives no route to it.
 */
export function RequireTester() {
  return <Guard allows={allowsTester} />;
}
