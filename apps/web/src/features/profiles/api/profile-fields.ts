import type { RecordModel } from 'pocketbase';

/**
 * The profile record (spec part 1 §3) and its enumerations, with the meanings and short units the
 * profile page shows. Stored names are the spec's (snake_case where it says "stored as").
 */

export const MACRO_ROLES = {
  giant: 'prefers being the larger partner',
  tiny: 'prefers being the smaller partner',
  versatile: 'enjoys both',
  shrinker: 'shrinks their partner to tiny sizes',
  shrinkee: 'shrinks for their partner to tiny sizes',
  grower: 'grows their partner to giant sizes',
  growee: 'grows for their partner to giant sizes',
} as const;
export type MacroRole = keyof typeof MACRO_ROLES;

export const GENDERS = ['male', 'female', 'non-binary', 'other'] as const;
export const SEXUALITIES = [
  'gay',
  'lesbian',
  'bisexual',
  'asexual',
  'demisexual',
  'straight',
  'other',
] as const;
export const RELATIONSHIP_STATUSES = ['single', 'taken', 'open', 'other'] as const;
export const PRONOUNS = ['he/him', 'she/her', 'they/them'] as const;

/** Units with the short forms the profile page displays (spec part 1 §3). */
export const HEIGHT_UNITS = { centimeters: 'cm', meters: 'm', inches: 'in', feet: 'ft' } as const;
export const WEIGHT_UNITS = { kilograms: 'kg', pounds: 'lb' } as const;
export type HeightUnit = keyof typeof HEIGHT_UNITS;
export type WeightUnit = keyof typeof WEIGHT_UNITS;
export const DEFAULT_HEIGHT_UNIT: HeightUnit = 'centimeters';
export const DEFAULT_WEIGHT_UNIT: WeightUnit = 'kilograms';

/** Spec part 1 §5 and §9: height and weight are numbers from 0 to 999999.99 in steps of 0.01. */
export const MEASURE_LIMITS = { min: 0, max: 999999.99, step: 0.01 } as const;

/** The 13 socials (spec part 1 §3), in the order the editor and the page list them, with their labels. */
export const SOCIALS = {
  bluesky: 'Bluesky',
  deviantArt: 'DeviantArt',
  discord: 'Discord',
  instagram: 'Instagram',
  patreon: 'Patreon',
  reddit: 'Reddit',
  tiktok: 'TikTok',
  twitter: 'Twitter',
  link1: 'Link 1',
  link2: 'Link 2',
  link3: 'Link 3',
  link4: 'Link 4',
  link5: 'Link 5',
} as const;
export type SocialKey = keyof typeof SOCIALS;
export type Socials = Partial<Record<SocialKey, string>>;

export interface ProfileSettings {
  displayUsername?: boolean;
  displayAge?: boolean;
}

export interface ProfileUser extends RecordModel {
  username: string;
}

export interface ProfileRecord extends RecordModel {
  user: string;
  username: string;
  name: string;
  avatar: string;
  cf_username: string;
  cf_verified: string;
  /** Computed by the server from the birthday. */
  age?: number | null;
  location: string;
  relationship_status: string;
  gender: string;
  sexuality: string;
  pronouns: string[];
  height: number | null;
  height_unit: string;
  weight: number | null;
  weight_unit: string;
  macro_roles: string[];
  /** Markdown. */
  bio: string;
  socials: Socials | null;
  settings: ProfileSettings | null;
  expand?: { user?: ProfileUser };
}

/** Spec part 1 §3 "Display name rule": the username if displayUsername is on, else the name. */
export function profileDisplayName(profile: ProfileRecord): string {
  const username = profile.expand?.user?.username ?? profile.username;
  return (profile.settings?.displayUsername ? username : profile.name) || username || profile.name;
}

/** A measure with its short unit ("180 cm"), or empty when none is set. */
export function formatMeasure(value: number | null | undefined, unit: string, units: Record<string, string>) {
  if (value === null || value === undefined || value === 0) return '';
  return `${value} ${units[unit] ?? unit}`;
}
