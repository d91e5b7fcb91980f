import { ERROR_TEXTS, errorMessages } from '../../lib/errors';
import { flash } from '../flash';

/** Spec part 1 §8: the same text for a story and a series that could not be submitted. */
export const SUBMIT_FAILED_TEXT = 'Something went wrong while submitting your post. Please try again later.';

/** The spec's submit failure text, followed by whatever specific reasons the server gave. */
export function flashSubmitFailure(error: unknown) {
  flash.error(SUBMIT_FAILED_TEXT);
  for (const text of errorMessages(error)) if (text !== ERROR_TEXTS.fallback) flash.error(text);
}
