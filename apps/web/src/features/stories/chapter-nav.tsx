import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useChapters } from './api/get-chapters';

/** Previous Chapter and Next Chapter within the story's series (spec part 1 §2); nothing outside one. */
export function ChapterNav({ storyId, seriesId }: { storyId: string; seriesId: string }) {
  const { previous, next } = useChapters(storyId, seriesId);
  if (!previous && !next) return null;
  return (
    <Group component="nav" aria-label="Chapters" justify="space-between">
      {previous ? (
        <Button component={Link} to={`/stories/${previous}`} variant="default">
          Previous Chapter
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button component={Link} to={`/stories/${next}`} variant="default">
          Next Chapter
        </Button>
      )}
    </Group>
  );
}
