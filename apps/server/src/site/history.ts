/**
 * Writes that bring history over from another archive (src/importers/): ten-year-old reviews and
 * favorites are not news, so nobody is notified of them, and an old story nobody validated is its author's
 * draft again rather than a fresh submission in the content queue. Every other rule, hook and counter
 * applies as to any write. The mark is on the write's scope, which nested writes share.
 */
import type { WriteScope } from '../core/records/scope';

const historyScopes = new WeakSet<WriteScope>();

/** Marks every write in `scope` as history. */
export function writeAsHistory(scope: WriteScope): void {
  historyScopes.add(scope);
}

export const isHistory = (scope: WriteScope): boolean => historyScopes.has(scope);
