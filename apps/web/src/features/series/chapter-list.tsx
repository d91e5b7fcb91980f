import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StoryRecord } from '../../lib/posts/types';
import { NO_CHAPTERS_TEXT } from './series-texts';

/** The series' chapters in reading order, each linking to its story; one still in review says so. */
export function ChapterList({
  chapters,
  renderMark,
}: {
  chapters: StoryRecord[];
  /** The member's read mark for a chapter, composed in by the app. */
  renderMark?: (storyId: string) => ReactNode;
}) {
  if (chapters.length === 0) return <Text c="dimmed">{NO_CHAPTERS_TEXT}</Text>;
  return (
    <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Chapters">
      {chapters.map((story, index) => {
        const post = story.expand?.post;
        return (
          <Paper component="li" withBorder p="sm" key={story.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/stories/${story.id}`} fw={600}>
                  {`Chapter ${index + 1}: ${post?.title ?? 'Untitled'}`}
                </Anchor>
                {post?.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {post.description}
                  </Text>
                )}
              </Stack>
              {renderMark?.(story.id)}
              {post && !post.published && (
                <Badge color="gray" variant="light" tt="none" style={{ flexShrink: 0 }}>
                  In review
                </Badge>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
