import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { pageNumber } from '../../components/page-pagination';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useMutedMode } from '../../lib/mutes/use-muted-mode';
import { usePublishedStories } from './api/get-published-stories';
import { StoryList } from './story-card';
import { VERIFIED_ONLY_TEXT } from './verified-only';

/** Verified members get their way to post; everyone else is told why there is none (spec part 1 §2). */
function PostingActions() {
  const { user } = useSession();
  if (!user?.verified) {
    return (
      <Text c="dimmed">
        {VERIFIED_ONLY_TEXT}{' '}
        <Anchor component={Link} to="/settings">
          Verify your email in Settings.
        </Anchor>
      </Text>
    );
  }
  return (
    <Group>
      <Button component={Link} to="/stories/manage" variant="light">
        Manage Your Stories
      </Button>
      <Button component={Link} to="/stories/submit" variant="subtle">
        Submit Story
      </Button>
    </Group>
  );
}

/** /stories (spec part 1 §2): published stories, newest first, 10 per page, `?page=N`. */
export function StoriesPage() {
  usePageTitle('Stories');
  const [params, setParams] = useSearchParams();
  const page = pageNumber(params.get('page'));
  const muted = useMutedMode();
  const stories = usePublishedStories(page, muted.mode);

  return (
    <Stack>
      <Title order={1}>Stories</Title>
      <PostingActions />
      <Group gap="lg">
        <Anchor component={Link} to="/stories/browse" size="sm">
          Browse stories by label and tag
        </Anchor>
        <Anchor component={Link} to="/series" size="sm">
          Read stories in series
        </Anchor>
      </Group>
      <StoryList
        stories={stories}
        page={page}
        onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        emptyText="There are no published stories yet."
        onShowHidden={muted.showThem}
      />
    </Stack>
  );
}
