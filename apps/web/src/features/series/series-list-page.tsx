import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { pageNumber } from '../../components/page-pagination';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useMutedMode } from '../../lib/mutes/use-muted-mode';
import { useSeriesList } from './api/get-series-list';
import { SeriesList } from './series-card';
import { NO_SERIES_TEXT } from './series-texts';

/** /series (spec part 1 §2): published series with at least one story, oldest first, 10 per page. */
export function SeriesListPage() {
  usePageTitle('Series');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const page = pageNumber(params.get('page'));
  const muted = useMutedMode();
  const series = useSeriesList(page, muted.mode);

  return (
    <Stack>
      <Title order={1}>Series</Title>
      {user?.verified && (
        <Group>
          <Button component={Link} to="/series/submit" variant="light">
            Submit Series
          </Button>
        </Group>
      )}
      <Anchor component={Link} to="/series/browse" size="sm">
        Browse series by label and tag
      </Anchor>
      <SeriesList
        series={series}
        page={page}
        onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        emptyText={NO_SERIES_TEXT}
        onShowHidden={muted.showThem}
      />
    </Stack>
  );
}
