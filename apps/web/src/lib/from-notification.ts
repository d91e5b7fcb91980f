import { useLocation } from 'react-router';

/**
 * Router state carried by links opened from a notification. What such a link points at existed when the
 * notice was sent, so a page that then finds nothing can say it was removed rather than never there.
 */
export const FROM_NOTIFICATION = { fromNotification: true } as const;

/** Said under a page's not-found text when the member came from a notification. */
export const REMOVED_SINCE_NOTICE_TEXT = 'It was removed after this notification was sent.';

/** True when the current page was opened from a notification. */
export function useOpenedFromNotification(): boolean {
  const state: unknown = useLocation().state;
  return typeof state === 'object' && state !== null && 'fromNotification' in state;
}
