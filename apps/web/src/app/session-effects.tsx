import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { closeFlashes, flash } from '../components/flash';
import { getSession, subscribeSession } from '../lib/session';
import { confirmSession, mayMeanSessionEnded } from '../lib/session-check';

export const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';

// Coming back to the tab asks the server again, but not more often than this.
const RECHECK_AFTER_MS = 60_000;

/**
 * Reacts when the signed-in person changes (sign-in, sign-out, another account):
 * - signing in clears the flash messages (spec part 1 §2 "Login success clears flash messages"), wherever
 *   the sign-in happened (password, single sign-on, registration);
 * - cached answers are reset, so one person's notifications or private pages never show to the next.
 * A token refresh for the same user changes nothing.
 */
function useSessionChanges() {
  const queryClient = useQueryClient();
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
}

/**
 * Confirms the session with the server (an auth refresh, which also brings the member's current record,
 * so roles or settings changed meanwhile apply) and ends a session the server no longer accepts (a password reset or ban elsewhere), so a member never sees
 * an old tab that looks signed in while every list is empty: checked when the app starts, when the member
 * comes back to the tab, and whenever the server refuses a request. The guards then send the member to
 * sign in, with the page they were on kept as the redirect.
 */
function useSessionCheck() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let lastCheck = 0;
    const check = () => {
      if (!getSession().user) return;
      lastCheck = Date.now();
      void confirmSession().then((alive) => {
        if (!alive) flash.warning(SESSION_ENDED_TEXT);
      });
    };
    const recheck = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck > RECHECK_AFTER_MS) check();
    };
    const onRefused = (error: unknown) => {
      if (mayMeanSessionEnded(error)) check();
    };
    check();
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onRefused(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onRefused(event.action.error);
    });
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

export function SessionEffects() {
  useSessionChanges();
  useSessionCheck();
  return null;
}
