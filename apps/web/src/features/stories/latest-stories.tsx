import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HiddenByFilters } from '../../components/posts/hidden-by-filters';
import { PageLoader } from '../../components/page-loader';
import { useMutedMode } from '../../lib/mutes/use-muted-mode';
import { useLatestStories } from './api/get-latest-stories';
import { StoryCard } from './story-card';

export const LATEST_STORIES_TEXTS = {
  title: 'Latest stories',
  empty: 'There are no published stories yet.',
  all: 'All stories',
};

/**
 * The home page's newest published stories, without the member's muted tags until "Show them". Like
 * "Continue reading", a section of the home page that cannot load stays away instead of alarming the
 * member on the front page; the stories page itself reports errors.
 */
export function LatestStories() {
  const muted = useMutedMode();
  const stories = useLatestStories(muted.mode);
  if (stories.isError) return null;
  return (
    <Stack component="section" aria-labelledby="latest-stories" gap="sm">
      <Title order={2} id="latest-stories">
        {LATEST_STORIES_TEXTS.title}
      </Title>
      {stories.isPending ? (
        <PageLoader />
      ) : (
        <>
          <HiddenByFilters list={stories.data} onShow={muted.showThem} />
          {stories.data.items.length === 0 ? (
            <Text>{LATEST_STORIES_TEXTS.empty}</Text>
          ) : (
            stories.data.items.map((story) => <StoryCard key={story.id} story={story} />)
          )}
          <Anchor component={Link} to="/stories" size="sm">
            {LATEST_STORIES_TEXTS.all}
          </Anchor>
        </>
      )}
    </Stack>
  );
}
