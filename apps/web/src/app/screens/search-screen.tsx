import { PageIntro } from '../../features/pages/page-intro';
import { SearchPage } from '../../features/search/search-page';

/** /search: the "search" page record's intro above the search feature (spec part 2 §2). */
export function SearchScreen() {
  return <SearchPage intro={<PageIntro slug="search" fallbackTitle="Search" />} />;
}
