// The `expand` query parameter (protocol §4): `author,comments_via_post.user`.
//
// PocketBase limits expansion to 6 relation levels and SILENTLY ignores the rest of a longer
// path (its expander stops recursing, it does not fail), so we truncate rather than throw.
// Likewise an invalid path is only logged by PocketBase, never reported to the client, so
// parseExpand never throws: it only normalises. Whether a segment names a real relation is
// for the executor to decide.

export const MAX_EXPAND_DEPTH = 6;

/** Segment name -> nested expansions of that relation. An empty map is a leaf. */
export type ExpandTree = Map<string, ExpandTree>;

/**
 * The normalised list of paths, mirroring PocketBase step by step: whitespace is removed,
 * leading/trailing dots are trimmed, empty items are skipped, a path that is a prefix of a
 * longer one is dropped, and duplicates are removed. Paths with an empty inner segment
 * (`a..b`) are then discarded, since PocketBase fails such a path as a whole. Finally each
 * path is cut to MAX_EXPAND_DEPTH segments.
 */
export function normalizeExpandPaths(input: string): string[][] {
  const paths = input
    .split(',')
    .map((item) => trimDots(item.replace(/\s+/g, '')))
    .filter((item) => item !== '');
  // Note the order: PocketBase drops `a` next to `a..b` even though `a..b` later fails.
  const unique = [...new Set(paths)];
  const sorted = [...unique].sort();
  return unique
    .filter((path) => !hasLongerPath(sorted, path))
    .map((path) => path.split('.'))
    .filter((segments) => !segments.includes(''))
    .map((segments) => segments.slice(0, MAX_EXPAND_DEPTH));
}

export function parseExpand(input: string): ExpandTree {
  const root: ExpandTree = new Map();
  for (const segments of normalizeExpandPaths(input)) {
    let node = root;
    for (const segment of segments) {
      let child = node.get(segment);
      if (child === undefined) {
        child = new Map();
        node.set(segment, child);
      }
      node = child;
    }
  }
  return root;
}

/**
 * Whether some path in `sorted` starts with `path + '.'`. Binary search keeps this
 * O(n log n) overall, where a pairwise scan would let a long hostile list cost O(n²).
 */
function hasLongerPath(sorted: readonly string[], path: string): boolean {
  const prefix = path + '.';
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? '') < prefix) low = mid + 1;
    else high = mid;
  }
  return sorted[low]?.startsWith(prefix) ?? false;
}

function trimDots(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path[start] === '.') start++;
  while (end > start && path[end - 1] === '.') end--;
  return path.slice(start, end);
}
