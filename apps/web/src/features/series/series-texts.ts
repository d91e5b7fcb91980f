// The series screens' texts: the spec's verbatim (part 1 §2, §4) and this app's own where it is silent.

export const EDIT_SERIES_TEXT = 'Edit Series';
export const ADD_STORY_TEXT = 'Add a Story To This Series';
export const MISSING_SERIES_TEXT = "That series doesn't seem to exist.";
export const CONTRIBUTORS_ONLY_TEXT = 'Only the contributors of a series may edit it.';
export const NO_SERIES_TEXT = 'There are no published series yet.';
export const NO_BROWSED_SERIES_TEXT = 'No published series match these filters.';
export const NO_CHAPTERS_TEXT = 'This series has no chapters yet.';
export const REVIEW_TEXT = 'A moderator reviews every series before it is published.';
/** Authorship is consented (PRODUCT.md §15): a new series has only its author; co-authors are invited later. */
export const COAUTHORS_LATER_TEXT = 'You can invite co-authors from the edit page once it is saved.';
