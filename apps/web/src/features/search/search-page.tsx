import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PagePagination, PastTheEnd, pageNumber } from '../../components/page-pagination';
import { errorMessage } from '../../lib/errors';
import { useStorySearch } from './api/search-stories';
import { SearchBox } from './search-box';
import { SearchResultCard } from './search-result-card';

export const SEARCHING_TEXT = 'Searching...';
export const NO_MATCH_TEXT = (query: string) => `No stories match "${query}".`;
export const FOUND_TEXT = (count: number) => (count === 1 ? '1 story found' : `${count} stories found`);

/** The spinner with "Searching..." (spec part 2 §2). */
function Searching() {
  return (
    <Group gap="xs" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text>{SEARCHING_TEXT}</Text>
    </Group>
  );
}

function SearchResults({
  query,
  page,
  onPage,
}: {
  query: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const results = useStorySearch(query, page);
  // An empty query is no search at all: nothing to show and nothing to complain about.
  if (query === '') return null;
  if (results.isPending) return <Searching />;
  if (results.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(results.error)}
      </Text>
    );
  }
  const { items, totalItems, totalPages } = results.data;
  if (items.length === 0 && page > 1 && totalPages > 0)
    return <PastTheEnd page={page} lastPage={totalPages} onPage={onPage} />;
  if (items.length === 0) return <Text>{NO_MATCH_TEXT(query)}</Text>;
  const pagination = <PagePagination page={page} totalPages={totalPages} onChange={onPage} />;
  return (
    <Stack>
      {results.isPlaceholderData ? (
        <Searching />
      ) : (
        <Text size="sm" c="dimmed">
          {FOUND_TEXT(totalItems)}
        </Text>
      )}
      {pagination}
      {items.map((story) => (
        <SearchResultCard key={story.id} story={story} query={query} />
      ))}
      {pagination}
    </Stack>
  );
}

/**
 * /search (spec part 2 §2): the intro from the "search" page record (given by app/, which owns the pages
 * feature), a search box, and the ranked results as story cards, 20 per page with page links above and
 * below. The URL holds the state: `?query=` (trimmed) and `?page=` (default 1).
 */
export function SearchPage({ intro }: { intro: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const page = pageNumber(params.get('page'));

  const search = (text: string) => setParams(text ? { query: text } : {});
  const goToPage = (next: number) => setParams(next === 1 ? { query } : { query, page: String(next) });

  return (
    <Stack>
      {intro}
      {/* Keyed by the query so the box shows what the URL searches for after back/forward. */}
      <SearchBox key={query} initialQuery={query} onSearch={search} />
      <SearchResults query={query} page={page} onPage={goToPage} />
    </Stack>
  );
}
