import { Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQueryUpdates } from '../../lib/use-query-updates';
import { PagePagination, PastTheEnd, pageNumber } from '../../components/page-pagination';
import { HiddenByFilters } from '../../components/posts/hidden-by-filters';
import { SizeFilters } from '../../components/posts/post-sizes';
import { SIZE_PARAMS, sizeFilterOf, type SizeFilter } from '../../lib/posts/sizes';
import { useMutedMode } from '../../lib/mutes/use-muted-mode';
import { useStorySearch } from './api/search-stories';
import { SearchBox } from './search-box';
import { SearchResultCard } from './search-result-card';
import { LoadFailed } from '../../components/errors/load-failed';

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
  sizes,
  page,
  onPage,
}: {
  query: string;
  sizes: SizeFilter;
  page: number;
  onPage: (page: number) => void;
}) {
  const muted = useMutedMode();
  const results = useStorySearch(query, sizes, page, muted.mode);
  // An empty query is no search at all: nothing to show and nothing to complain about.
  if (query === '') return null;
  if (results.isPending) return <Searching />;
  if (results.isError) {
    return <LoadFailed error={results.error} onRetry={() => void results.refetch()} />;
  }
  const { items, totalItems, totalPages } = results.data;
  const hidden = <HiddenByFilters list={results.data} onShow={muted.showThem} />;
  if (items.length === 0 && page > 1 && totalPages > 0)
    return <PastTheEnd page={page} lastPage={totalPages} onPage={onPage} />;
  if (items.length === 0)
    return (
      <Stack>
        {hidden}
        <Text>{NO_MATCH_TEXT(query)}</Text>
      </Stack>
    );
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
      {hidden}
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
 * below. The URL holds the state: `?query=` (trimmed), the sizes (`?larger=&smaller=&change=`, PRODUCT.md
 * §14) and `?page=` (default 1).
 */
export function SearchPage({ intro }: { intro: ReactNode }) {
  const [params, update] = useQueryUpdates();
  const query = (params.get('query') ?? '').trim();
  const page = pageNumber(params.get('page'));

  const sizes = sizeFilterOf(params);

  // Each change starts from the latest query asked for (a size picked right after another keeps both).
  const sizesIn = (latest: URLSearchParams) => {
    const latestSizes = sizeFilterOf(latest);
    return Object.fromEntries(
      SIZE_PARAMS.filter((name) => latestSizes[name]).map((name) => [name, latestSizes[name]]),
    ) as Record<string, string>;
  };
  const search = (text: string) =>
    update((latest) => new URLSearchParams(text ? { query: text, ...sizesIn(latest) } : sizesIn(latest)));
  const goToPage = (next: number) =>
    update((latest) => {
      const kept = { query: (latest.get('query') ?? '').trim(), ...sizesIn(latest) };
      return new URLSearchParams(next === 1 ? kept : { ...kept, page: String(next) });
    });
  const setSize = (name: keyof SizeFilter, value: string) =>
    update((latest) => {
      const next = { ...sizesIn(latest), [name]: value };
      if (!value) delete next[name];
      const text = (latest.get('query') ?? '').trim();
      return new URLSearchParams(text ? { query: text, ...next } : next);
    });

  return (
    <Stack>
      {intro}
      {/* Keyed by the query so the box shows what the URL searches for after back/forward. */}
      <SearchBox key={query} initialQuery={query} onSearch={search} />
      <SizeFilters value={sizes} onChange={setSize} />
      <SearchResults query={query} sizes={sizes} page={page} onPage={goToPage} />
    </Stack>
  );
}
