import { Anchor, Card, Highlight, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PostByline, PostLabels, PostTags } from '../../components/posts/post-byline';
import { PostSizeBadges } from '../../components/posts/post-sizes';
import type { StoryRecord } from '../../lib/posts/types';

/** The words of a query as the server matches them: letters and digits, punctuation dropped. */
export function queryWords(query: string): string[] {
  return query.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * A found story, laid out like the stories-list card (title link, byline, description, sizes, labels, tags),
 * with the searched words marked in the description. Features never import each other, so this card
 * shares the stories list's parts from components/posts rather than the stories feature's card.
 */
export function SearchResultCard({ story, query }: { story: StoryRecord; query: string }) {
  const post = story.expand?.post;
  if (!post) return null;
  return (
    <Card withBorder component="article" aria-labelledby={`result-${story.id}`}>
      <Stack gap={6}>
        <Anchor component={Link} to={`/stories/${story.id}`} fw={700} size="lg" id={`result-${story.id}`}>
          {post.title}
        </Anchor>
        <PostByline post={post} />
        {post.description && (
          <Highlight size="sm" highlight={queryWords(query)}>
            {post.description}
          </Highlight>
        )}
        <PostSizeBadges post={post} />
        <PostLabels post={post} browsePath="/stories/browse" />
        <PostTags post={post} browsePath="/stories/browse" />
      </Stack>
    </Card>
  );
}
