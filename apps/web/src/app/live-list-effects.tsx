import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onNotificationArrived, onReconnected } from '../lib/live-events';

/**
 * A notification is news about part of the site (a story published, a comment on a thread, a message):
 * the cached lists of that part are marked stale, so the screen on show refreshes at once. /stories/manage
 * moves a story to "Published" as soon as the bell says it was. Each feature's query keys start with the
 * name of its part of the site (`stories`, `series`, `forums`, ...), which is what is matched here.
 */
export function LiveListEffects() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onNotificationArrived(({ href }) => {
        const part = /^\/([a-z-]+)/.exec(href)?.[1];
        if (part) void queryClient.invalidateQueries({ queryKey: [part] });
      }),
    [queryClient],
  );
  // After a break in the live connection (a sleeping laptop, a server restart) any list may have missed
  // news, the notifications among them: everything is marked stale and what is on screen reloads.
  useEffect(() => onReconnected(() => void queryClient.invalidateQueries()), [queryClient]);
  return null;
}
