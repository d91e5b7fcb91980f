import { Anchor, Button, Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { usePublishedStories } from './api/get-stories';
import type { StoryRecord } from './api/types';
import { StoryByline, StoryTags } from './story-byline';
import { VERIFIED_ONLY_TEXT } from './verified-only';

/** The `page` query as a page number; anything else is page 1. */
function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
};

function StoryCard({ story }: { story: StoryRecord }) {
  const post = story.expand?.post;
  if (!post) return null;
  return (
    <Card withBorder component="article" aria-labelledby={`story-${story.id}`}>
      <Stack gap={6}>
        <Anchor component={Link} to={`/stories/${story.id}`} fw={700} size="lg" id={`story-${story.id}`}>
          {post.title}
        </Anchor>
        <StoryByline post={post} />
        {post.description && <Text size="sm">{post.description}</Text>}
        <StoryTags post={post} />
      </Stack>
    </Card>
  );
}

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
  const stories = usePublishedStories(page);

  let body;
  if (stories.isPending) body = <PageLoader />;
  else if (stories.isError) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(stories.error)}
      </Text>
    );
  } else if (stories.data.items.length === 0) body = <Text>There are no published stories yet.</Text>;
  else {
    body = (
      <Stack>
        {stories.data.items.map((story) => (
          <StoryCard key={story.id} story={story} />
        ))}
        {stories.data.totalPages > 1 && (
          <Pagination
            value={page}
            total={stories.data.totalPages}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>Stories</Title>
      <PostingActions />
      {body}
    </Stack>
  );
}
