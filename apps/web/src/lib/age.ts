/** The 18+ check members pass with their birthday (spec part 1 §5), wherever they give it. */
export const MINIMUM_AGE = 18;

export const AGE_MESSAGES = {
  birthdayRequired: 'Birthday is required',
  tooYoung: 'You must be at least 18 years old to register',
} as const;

/** Whole years from a `YYYY-MM-DD` birthday to `today` (local calendar); null when it is no date. */
export function ageOn(birthday: string, today = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birthdayPassed =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (birthdayPassed ? 0 : 1);
}

export function validateBirthday(value: string, today = new Date()): string | null {
  const age = ageOn(value, today);
  if (age === null) return AGE_MESSAGES.birthdayRequired;
  return age >= MINIMUM_AGE ? null : AGE_MESSAGES.tooYoung;
}
