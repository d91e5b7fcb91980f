import { ClientResponseError } from 'pocketbase';
import { flash } from '../../../components/flash';
import { errorMessages } from '../../../lib/errors';

/** Spec part 2 §8: a server's failure on the messages screens reads "DM error: {message}", one per message. */
export const dmErrorText = (message: string) => `DM error: ${message}`;

export function flashDmErrors(error: unknown): void {
  for (const message of errorMessages(error)) flash.error(dmErrorText(message));
}

/** True when the server answered (as opposed to a request that never got an answer). */
export function serverAnswered(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status > 0;
}
