import type { RecordModel } from 'pocketbase';

/** A profile as expanded under a contributor, enough for the display name rule (spec part 1 §3). */
export interface ContributorProfile extends RecordModel {
  name: string;
  username?: string;
  settings?: { displayUsername?: boolean } | null;
}

export interface Contributor extends RecordModel {
  username: string;
  expand?: { profile?: ContributorProfile };
}

export interface TagRecord extends RecordModel {
  name: string;
}

/** The post behind a story (spec part 1 §3); the counters are kept by the server. */
export interface PostRecord extends RecordModel {
  type: string;
  title: string;
  description: string;
  contributors: string[];
  tags: string[];
  published: string;
  submitted: string;
  like_count?: number;
  view_count?: number;
  expand?: { contributors?: Contributor[]; tags?: TagRecord[] };
}

export interface StoryRecord extends RecordModel {
  post: string;
  /** Markdown. */
  content: string;
  series: string;
  expand?: { post?: PostRecord };
}

/** Display name rule (spec part 1 §3): the username if displayUsername is on, else the profile name. */
export function contributorName(user: Contributor): string {
  const profile = user.expand?.profile;
  if (!profile) return user.username;
  return (profile.settings?.displayUsername ? user.username : profile.name) || user.username;
}
