// What every story list asks the server for (spec part 1 §7 and §9).

/** Spec part 1 §9: the stories index shows 10 per page, the browse page 20. */
export const STORIES_PAGE_SIZE = 10;
export const BROWSE_PAGE_SIZE = 20;

/** Who wrote it and its labels and tags come along with each story. */
export const STORY_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags,post.labels';

export const PUBLISHED = "post.published != ''";
