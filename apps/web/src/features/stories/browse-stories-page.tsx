import { Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { pageNumber } from '../../components/page-pagination';
import { isTester } from '../../lib/roles';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useBrowsedStories } from './api/get-browsed-stories';
import { useLabels } from '../../lib/posts/get-labels';
import { useTags } from '../../lib/posts/get-tags';
import { StoryList } from './story-card';

/** The query with one value changed; changing a filter starts again at page 1. */
function withParam(params: URLSearchParams, name: 'label' | 'tag' | 'page', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value && !(name === 'page' && value === '1')) next.set(name, value);
  else next.delete(name);
  if (name !== 'page') next.delete('page');
  return next;
}

function Filters({
  label,
  tag,
  onChange,
}: {
  label: string;
  tag: string;
  onChange: (name: 'label' | 'tag', value: string) => void;
}) {
  const labels = useLabels();
  const tags = useTags();
  const options = (items: { id: string; name: string }[] | undefined, all: string) => [
    { value: '', label: all },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];
  return (
    <Group align="flex-end">
      <NativeSelect
        label="Label"
        value={label}
        data={options(labels.data, 'All labels')}
        onChange={(event) => onChange('label', event.currentTarget.value)}
      />
      <NativeSelect
        label="Tag"
        value={tag}
        data={options(tags.data, 'All tags')}
        onChange={(event) => onChange('tag', event.currentTarget.value)}
      />
    </Group>
  );
}

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
      <Filters
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
