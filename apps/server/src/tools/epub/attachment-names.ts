/**
 * Which attachment a markdown image names, as on the story page (spec part 1 §5): by its stored name
 * (`<base>_<10 random>.<ext>`), or by the name as uploaded ("My Photo.PNG" for `my_photo_x1y2z3a4b5.png`).
 * An https address names none (it is an image elsewhere).
 */

/** What a member would have typed for a stored upload: `<base>_<10 random>.<ext>` without the random part. */
export function typedName(stored: string): string {
  return stored.replace(/_[a-z0-9]{10}(\.[^.]*)?$/, '$1').toLowerCase();
}

/** "My Photo.PNG" as the server would store its base: "my_photo.png". */
function normalisedName(written: string): string {
  const dot = written.lastIndexOf('.');
  const base = dot > 0 ? written.slice(0, dot) : written;
  const extension = dot > 0 ? written.slice(dot).toLowerCase() : '';
  const snake = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_')
    .toLowerCase();
  return snake + extension;
}

function lastSegment(address: string): string {
  const segment = (address.split(/[?#]/)[0] ?? '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The attachment (index into `names`) a markdown image address names, or null. */
export function attachmentFor(address: string, names: readonly string[]): number | null {
  if (/^https:\/\//i.test(address)) return null;
  const written = lastSegment(address);
  if (!written) return null;
  const exact = names.indexOf(written);
  if (exact >= 0) return exact;
  const wanted = normalisedName(written);
  const typed = names.findIndex((name) => typedName(name) === wanted);
  return typed >= 0 ? typed : null;
}
