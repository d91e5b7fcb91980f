import { Button, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { pageNumber } from '../../components/page-pagination';
import { isTester } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useBrowsedStories } from './api/get-browsed-stories';
import { TaxonomyFilters, withParam } from '../../components/posts/taxonomy-filters';
import { StoryList } from './story-card';

/**
 * /stories/browse?label={id}&tag={id}&page=N (spec part 1 §2): published stories with the label and
 * tag, oldest first, 20 per page. "Manage Your Stories" shows for testers, moderators and admins.
 */
export function BrowseStoriesPage() {
  usePageTitle('Browse Stories');
  const { user, roles } = useSession();
  const [params, setParams] = useSearchParams();
  const label = params.get('label') ?? '';
  const tag = params.get('tag') ?? '';
  const page = pageNumber(params.get('page'));
  const stories = useBrowsedStories(label, tag, page);

  return (
    <Stack>
      <Title order={1}>Browse Stories</Title>
      {user && isTester(roles) && (
        <Button component={Link} to="/stories/manage" variant="light" style={{ alignSelf: 'flex-start' }}>
          Manage Your Stories
        </Button>
      )}
      <TaxonomyFilters
        label={label}
        tag={tag}
        onChange={(name, value) => setParams(withParam(params, name, value))}
      />
      <StoryList
        stories={stories}
        page={page}
        onPage={(next) => setParams(withParam(params, 'page', String(next)))}
        emptyText="No published stories match these filters."
      />
    </Stack>
  );
}
