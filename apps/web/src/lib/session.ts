import type { RecordModel } from 'pocketbase';
import { useSyncExternalStore } from 'react';
import { pb } from './pocketbase';
import { parseRoles, type Role } from './roles';
import { isThemeSetting, type ThemeSetting } from './config';

/** The per-user settings stored on the users record (spec part 1 §3). */
export interface UserSettings {
  theme?: ThemeSetting;
  notification_sound?: boolean;
  show_markdown_source?: boolean;
  appear_online?: boolean;
}

/** The signed-in user as kept in `pb.authStore.record`. */
export interface SessionUser extends RecordModel {
  username: string;
  verified?: boolean;
  roles?: unknown;
  settings?: UserSettings | null;
  /** The linked profile's id. */
  profile?: string;
  /** `YYYY-MM-DD …`, or empty for a member who has not given it yet (imported, or single sign-on). */
  birthday?: string;
}

export interface Session {
  user: SessionUser | null;
  roles: readonly Role[];
  /** The user's own theme setting, when signed in and set. */
  theme: ThemeSetting | undefined;
}

const SIGNED_OUT: Session = { user: null, roles: [], theme: undefined };

// The SDK's LocalAuthStore re-parses localStorage on every `record` read, so each read is a new object.
// React needs a stable snapshot, so one is computed here whenever the store reports a change.
function readSession(): Session {
  const record = pb.authStore.record as SessionUser | null;
  // An expired token counts as signed out, like the SDK's own `isValid`.
  if (!pb.authStore.isValid || !record) return SIGNED_OUT;
  const theme = record.settings?.theme;
  return { user: record, roles: parseRoles(record.roles), theme: isThemeSetting(theme) ? theme : undefined };
}

let snapshot = readSession();
const listeners = new Set<() => void>();

pb.authStore.onChange(() => {
  snapshot = readSession();
  for (const listener of listeners) listener();
});

export function getSession(): Session {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session; re-renders when `pb.authStore` changes (sign-in, sign-out, record update). */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
