/**
 * News that one part of the app learns live and others may care about, without features importing each
 * other: the notifications feature announces each notification that arrives, and each time the live
 * connection comes back after a break; app/ decides which cached lists that makes stale (see
 * app/live-list-effects.tsx).
 */
export interface ArrivedNotification {
  /** Where the notification leads, e.g. `/stories/{id}`: the part of the site it is about. */
  href: string;
}

type Listener = (notification: ArrivedNotification) => void;
const listeners = new Set<Listener>();

export function announceNotification(notification: ArrivedNotification): void {
  for (const listener of listeners) listener(notification);
}

export function onNotificationArrived(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const reconnectListeners = new Set<() => void>();

/** The live connection is back after a break: whatever happened meanwhile was not sent. */
export function announceReconnected(): void {
  for (const listener of reconnectListeners) listener();
}

export function onReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}
