import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { pageNumber } from '../../components/page-pagination';
import { TaxonomyFilters, withParam } from '../../components/posts/taxonomy-filters';
import { usePageTitle } from '../../lib/use-page-title';
import { useBrowsedSeries } from './api/get-browsed-series';
import { SeriesList } from './series-card';
import { NO_BROWSED_SERIES_TEXT } from './series-texts';

/** /series/browse?label={id}&tag={id}&page=N: like /stories/browse, for series (oldest first, 20 a page). */
export function BrowseSeriesPage() {
  usePageTitle('Browse Series');
  const [params, setParams] = useSearchParams();
  const label = params.get('label') ?? '';
  const tag = params.get('tag') ?? '';
  const page = pageNumber(params.get('page'));
  const series = useBrowsedSeries(label, tag, page);

  return (
    <Stack>
      <Title order={1}>Browse Series</Title>
      <TaxonomyFilters
        label={label}
        tag={tag}
        onChange={(name, value) => setParams(withParam(params, name, value))}
      />
      <SeriesList
        series={series}
        page={page}
        onPage={(next) => setParams(withParam(params, 'page', String(next)))}
        emptyText={NO_BROWSED_SERIES_TEXT}
      />
    </Stack>
  );
}
