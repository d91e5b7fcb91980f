import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQueryUpdates } from '../../lib/use-query-updates';
import { pageNumber } from '../../components/page-pagination';
import { isTester } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useBrowsedStories } from './api/get-browsed-stories';
import { TaxonomyFilters, withParam } from '../../components/posts/taxonomy-filters';
import { StoryList } from './story-card';
import { SizeFilters } from '../../components/posts/post-sizes';
import { MuteButton } from '../../components/posts/mute-button';
import { sizeFilterOf } from '../../lib/posts/sizes';
import { useMutedMode } from '../../lib/mutes/use-muted-mode';

/**
 * /stories/browse?label={id}&tag={id}&larger=&smaller=&change=&page=N (spec part 1 §2, PRODUCT.md §14):
 * published stories with the label, tag and sizes, oldest first, 20 per page, without the member's muted
 * tags and labels until "Show them". The chosen tag or label can be muted from here. "Manage Your
 * Stories" shows for testers, moderators and admins.
 */
export function BrowseStoriesPage() {
  usePageTitle('Browse Stories');
  const { user, roles } = useSession();
  const [params, update] = useQueryUpdates();
  const label = params.get('label') ?? '';
  const tag = params.get('tag') ?? '';
  const page = pageNumber(params.get('page'));
  const sizes = sizeFilterOf(params);
  const muted = useMutedMode();
  const stories = useBrowsedStories(label, tag, sizes, page, muted.mode);

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
      <StoryList
        stories={stories}
        page={page}
        onPage={(next) => update((latest) => withParam(latest, 'page', String(next)))}
        emptyText="No published stories match these filters."
        onShowHidden={muted.showThem}
      />
    </Stack>
  );
}
