import type { RecordModel } from 'pocketbase';

/** A profile as expanded under a user, enough for the display name rule (spec part 1 §3). */
export interface NamedProfile extends RecordModel {
  name: string;
  username?: string;
  avatar?: string;
  settings?: { displayUsername?: boolean } | null;
}

/** A user record with its profile expanded (`expand: 'x,x.profile'`). */
export interface NamedUser extends RecordModel {
  username: string;
  expand?: { profile?: NamedProfile };
}

/** Display name rule (spec part 1 §3): the username if displayUsername is on, else the profile name. */
export function displayName(user: NamedUser): string {
  const profile = user.expand?.profile;
  if (!profile) return user.username;
  return (profile.settings?.displayUsername ? user.username : profile.name) || user.username;
}
