/** Spec part 1 §2: shown instead of the way to post stories or series when the email is not verified. */
export const VERIFIED_ONLY_TEXT = 'Only users with a verified email may post stories.';
