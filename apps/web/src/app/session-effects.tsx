import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { closeFlashes } from '../components/flash';
import { refreshSession } from '../lib/refresh-session';
import { getSession, subscribeSession } from '../lib/session';

/**
 * Reacts when the signed-in person changes (sign-in, sign-out, another account):
 * - signing in clears the flash messages (spec part 1 §2 "Login success clears flash messages"), wherever
 *   the sign-in happened (password, single sign-on, registration);
 * - cached answers are reset, so one person's notifications or private pages never show to the next.
 * A token refresh for the same user changes nothing. At start the session is refreshed once from the
 * server (lib/refresh-session.ts), so roles or a ban changed meanwhile apply.
 */
export function SessionEffects() {
  const queryClient = useQueryClient();
  useEffect(() => void refreshSession(), []);
  useEffect(() => {
    let userId = getSession().user?.id;
    return subscribeSession(() => {
      const nextUserId = getSession().user?.id;
      if (nextUserId === userId) return;
      userId = nextUserId;
      if (nextUserId) closeFlashes();
      void queryClient.resetQueries();
    });
  }, [queryClient]);
  return null;
}
