/** Spec part 1 §9: label and tag lists are read up to 1000 at once. */
export const TAXONOMY_LIST_SIZE = 1000;

// Labels and tags change rarely; a screen reuses what another loaded a few minutes before.
export const TAXONOMY_STALE_MS = 5 * 60_000;
