/** Spec part 2 §2: a tile without a last message reads "No messages yet". */
export const NO_MESSAGES_YET = 'No messages yet';

const SNIPPET_LENGTH = 80;

/** A one-line preview of a message: markup and markdown marks dropped, whitespace folded, cut at 80. */
export function snippetOf(content: string | undefined): string {
  const text = (content ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH - 1)}…` : text;
}
