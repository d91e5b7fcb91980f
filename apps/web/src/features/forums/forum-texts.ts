// The forum screens' texts: the spec's verbatim (part 1 §2, §8) and our own for what it leaves open.

export const SUBMIT_BUTTON_TEXT = 'Submit a new Post';
/** Spec part 1 §2 and PRODUCT.md §12: N is the forum's post count minus 2, as the spec says. */
export const showMoreText = (count: number) => `Show ${count - 2} more posts`;
export const DELETE_POST_QUESTION = 'Are you sure you want to delete this post?';
export const NO_FORUMS_TEXT = 'There are no forums yet.';
export const NO_THREADS_TEXT = 'No posts in this forum yet. Start the first one!';
export const MISSING_FORUM_TEXT = "That forum doesn't seem to exist.";
export const MISSING_THREAD_TEXT = "That post doesn't seem to exist.";
export const PINNED_HEADING = 'Pinned Threads';
export const PINNED_BADGE = 'Pinned';
