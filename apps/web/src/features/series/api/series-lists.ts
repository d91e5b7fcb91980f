// What every series list asks the server for (spec part 1 §7 and §9).

/** Spec part 1 §9: the series list shows 10 per page; browsing shows 20, like the story browse page. */
export const SERIES_PAGE_SIZE = 10;
export const BROWSE_PAGE_SIZE = 20;

/** Who wrote it and what it is tagged with come along with each series. */
export const SERIES_EXPAND = 'post,post.contributors,post.contributors.profile,post.tags';

/** "published not empty" and "series with stories" (spec part 1 §2 and §7). */
export const PUBLISHED_WITH_STORIES = "post.published != '' && stories:length > 0";
