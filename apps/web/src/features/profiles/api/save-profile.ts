import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pb } from '../../../lib/pocketbase';
import { accountQueryPrefix, profileKeys } from './keys';
import type { ProfileRecord, ProfileSettings, Socials } from './profile-fields';

/** What the edit-profile form holds; empty strings and lists mean "not set". */
export interface ProfileDraft {
  name: string;
  location: string;
  relationship_status: string;
  gender: string;
  sexuality: string;
  pronouns: string[];
  height: number | '';
  height_unit: string;
  weight: number | '';
  weight_unit: string;
  macro_roles: string[];
  bio: string;
  socials: Socials;
  /** A new avatar picked in the form; none keeps the current one. */
  avatar: File | null;
}

type Scalar = Exclude<keyof ProfileDraft, 'pronouns' | 'macro_roles' | 'socials' | 'avatar'>;
const SCALARS: Scalar[] = [
  'name',
  'location',
  'relationship_status',
  'gender',
  'sexuality',
  'height',
  'height_unit',
  'weight',
  'weight_unit',
  'bio',
];

// A number field the member never filled reads 0 from the server (PocketBase's zero value).
const isBlank = (value: unknown) =>
  value === '' ||
  value === 0 ||
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0);

/** Socials without blank entries, each trimmed. */
function cleanSocials(socials: Socials): Socials {
  const kept: Socials = {};
  for (const [key, value] of Object.entries(socials) as [keyof Socials, string | undefined][]) {
    const trimmed = value?.trim();
    if (trimmed) kept[key] = trimmed;
  }
  return kept;
}

/**
 * The form data of a profile update. Spec part 1 §5: "Profile update sends optional fields only when
 * set". A field the member left empty is not sent, so the update never blanks what the form did not
 * show; the one exception is a field the member emptied themself (it had a value before), which is sent
 * empty so that clearing a field works.
 */
export function profileFormData(draft: ProfileDraft, current: ProfileRecord | null): FormData {
  const data = new FormData();
  const wasSet = (field: keyof ProfileRecord) => current !== null && !isBlank(current[field]);

  for (const field of SCALARS) {
    // A cleared select holds null, a cleared number input ''.
    const value = draft[field] as string | number | null;
    const text = typeof value === 'number' ? String(value) : (value ?? '').trim();
    if (text !== '' || wasSet(field)) data.append(field, text);
  }
  for (const field of ['pronouns', 'macro_roles'] as const) {
    if (draft[field].length > 0) for (const value of draft[field]) data.append(field, value);
    else if (wasSet(field)) data.append(field, '');
  }
  const socials = cleanSocials(draft.socials);
  const hadSocials = current !== null && Object.keys(cleanSocials(current.socials ?? {})).length > 0;
  if (Object.keys(socials).length > 0 || hadSocials) data.append('socials', JSON.stringify(socials));
  if (draft.avatar) data.append('avatar', draft.avatar);
  return data;
}

/**
 * "profiles: update (form data)" (spec part 1 §7). A member without a profile yet (an interrupted
 * registration, PRODUCT.md §3) gets one created and linked to their account first.
 */
export async function saveProfile(userId: string, current: ProfileRecord | null, draft: ProfileDraft) {
  let profile = current;
  if (!profile) {
    profile = await pb
      .collection('profiles')
      .create<ProfileRecord>({ name: draft.name.trim(), user: userId }, { expand: 'user' });
    await pb.collection('users').update(userId, { profile: profile.id });
  }
  return pb
    .collection('profiles')
    .update<ProfileRecord>(profile.id, profileFormData(draft, profile), { expand: 'user' });
}

/** Saves the profile and refreshes every place that shows it (profile pages, the header's avatar). */
export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, draft }: { current: ProfileRecord | null; draft: ProfileDraft }) =>
      saveProfile(userId, current, draft),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryPrefix(userId) }),
      ]);
    },
  });
}

/** Saves only the profile's settings (displayUsername, displayAge), keeping the other settings it holds. */
export function profileSettingsUpdate(current: ProfileSettings | null, next: ProfileSettings) {
  return { settings: { ...(current ?? {}), ...next } };
}
