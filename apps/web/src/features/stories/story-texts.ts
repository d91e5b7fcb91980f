/** Spec part 1 §2 and §8: what /stories/{id} (and the edit page) says when there is no such story. */
export const MISSING_STORY_TEXT = "That story doesn't seem to exist.";
