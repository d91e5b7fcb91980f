import { Group, Stack, Title } from '@mantine/core';
import { useQueryUpdates } from '../../lib/use-query-updates';
import { pageNumber } from '../../components/page-pagination';
import { TaxonomyFilters, withParam } from '../../components/posts/taxonomy-filters';
import { usePageTitle } from '../../lib/use-page-title';
import { SizeFilters } from '../../components/posts/post-sizes';
import { MuteButton } from '../../components/posts/mute-button';
import { sizeFilterOf } from '../../lib/posts/sizes';
import { useMutedMode } from '../../lib/mutes/use-muted-mode';
import { useSession } from '../../lib/session';
import { useBrowsedSeries } from './api/get-browsed-series';
import { SeriesList } from './series-card';
import { NO_BROWSED_SERIES_TEXT } from './series-texts';

/**
 * /series/browse?label={id}&tag={id}&larger=&smaller=&change=&page=N: like /stories/browse, for series
 * (oldest first, 20 a page, muted tags and labels left out until "Show them").
 */
export function BrowseSeriesPage() {
  usePageTitle('Browse Series');
  const [params, update] = useQueryUpdates();
  const label = params.get('label') ?? '';
  const tag = params.get('tag') ?? '';
  const page = pageNumber(params.get('page'));
  const { user } = useSession();
  const sizes = sizeFilterOf(params);
  const muted = useMutedMode();
  const series = useBrowsedSeries(label, tag, sizes, page, muted.mode);

  return (
    <Stack>
      <Title order={1}>Browse Series</Title>
      <TaxonomyFilters
        label={label}
        tag={tag}
        onChange={(name, value) => update((latest) => withParam(latest, name, value))}
      />
      <SizeFilters
        value={sizes}
        onChange={(name, value) => update((latest) => withParam(latest, name, value))}
      />
      {user && (tag || label) && (
        <Group gap="xs">
          {tag && <MuteButton target={{ tag }} />}
          {label && <MuteButton target={{ label }} />}
        </Group>
      )}
      <SeriesList
        series={series}
        page={page}
        onPage={(next) => update((latest) => withParam(latest, 'page', String(next)))}
        emptyText={NO_BROWSED_SERIES_TEXT}
        onShowHidden={muted.showThem}
      />
    </Stack>
  );
}
