/** Spec part 1 §2 and §8: what /stories/{id} (and the edit page) says when there is no such story. */
export const MISSING_STORY_TEXT = "That story doesn't seem to exist.";

/** Authorship is consented (PRODUCT.md §15): a new story has only its author; co-authors are invited later. */
export const COAUTHORS_LATER_TEXT = 'You can invite co-authors from the edit page once it is saved.';
