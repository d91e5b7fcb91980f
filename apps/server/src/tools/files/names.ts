/**
 * Stored file names, in PocketBase's shape: `<snake_case base>_<10 random [a-z0-9]><ext>`. The
 * original name only contributes harmless characters, so a stored name can never climb out of its
 * directory, hide as a dotfile or collide with another upload.
 */
import { randomString } from '../security/random';
import { extensionForType } from './sniff';

const SUFFIX_LENGTH = 10;
const MAX_ORIGINAL = 300;
const MAX_BASE = 100;
const MAX_EXTENSION = 20;
/** Second-to-last segments that form one extension with the last (`archive.tar.gz`). */
const DOUBLE_EXTENSION_FIRST = new Set(['tar']);

function splitExtension(name: string): { base: string; extension: string } {
  const parts = name.split('.');
  if (parts.length < 2) return { base: name, extension: '' };
  const take = parts.length > 2 && DOUBLE_EXTENSION_FIRST.has(parts[parts.length - 2]!.toLowerCase()) ? 2 : 1;
  return {
    base: parts.slice(0, parts.length - take).join('.'),
    extension: parts.slice(parts.length - take).join('.'),
  };
}

/** Words of a name (split on anything not a letter or digit, and between camelCase humps), joined by `_`. */
export function snakeCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_')
    .toLowerCase();
}

/**
 * The name an upload is stored under. `contentType` (sniffed) supplies the extension when the
 * original name has none.
 */
export function storedFileName(originalName: string, contentType: string): string {
  // Only the final path segment of whatever the client sent counts.
  const lastSegment = originalName.split(/[/\\]/).pop() ?? '';
  const original = lastSegment.slice(-MAX_ORIGINAL);
  const { base, extension } = splitExtension(original);
  let ext = extension.replace(/[^\w.*\-+=#]/g, '').replace(/^\.+|\.+$/g, '');
  if (!ext) ext = extensionForType(contentType).replace(/^\./, '');
  ext = ext.slice(0, MAX_EXTENSION);
  let stem = snakeCase(base);
  if (stem.length < 3) stem += randomString(SUFFIX_LENGTH);
  stem = stem.slice(0, MAX_BASE);
  return `${stem}_${randomString(SUFFIX_LENGTH)}${ext ? `.${ext}` : ''}`;
}

/** Whether a name is acceptable as a stored file name (what `storedFileName` produces always is). */
export function isSafeFileName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 150 &&
    !name.startsWith('.') &&
    !/[/\\]/.test(name) &&
    // eslint-disable-next-line no-control-regex
    !/[\x00-\x1f\x7f]/.test(name) &&
    name !== '..'
  );
}
