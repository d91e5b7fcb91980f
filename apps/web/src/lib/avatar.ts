import { pb } from './pocketbase';

/** Thumbnail sizes of spec part 1 §9: the account menu uses 256x256f, everything else 64x64. */
export type AvatarThumb = '256x256f' | '64x64';

export interface AvatarOwner {
  id: string;
  collectionId?: string;
  collectionName?: string;
  avatar?: string;
}

/** The URL of a profile's avatar thumbnail, or undefined when the profile has none. */
export function avatarUrl(
  profile: AvatarOwner | null | undefined,
  thumb: AvatarThumb = '64x64',
): string | undefined {
  if (!profile?.avatar) return undefined;
  return pb.files.getURL(profile, profile.avatar, { thumb }) || undefined;
}
