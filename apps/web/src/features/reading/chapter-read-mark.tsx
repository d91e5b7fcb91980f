import { Badge } from '@mantine/core';
import { useChaptersProgress } from './api/get-chapters-progress';

/**
 * Read, started or unread, for one chapter of a series (PRODUCT.md §14). Every mark of a series page
 * asks with the same list of chapters, so the page makes one request for all of them.
 */
export function ChapterReadMark({
  userId,
  storyId,
  chapterIds,
}: {
  userId: string;
  storyId: string;
  chapterIds: readonly string[];
}) {
  const progress = useChaptersProgress(userId, chapterIds);
  if (!progress.data) return null;
  const mine = progress.data.get(storyId);
  if (mine?.finished) {
    return (
      <Badge color="green" variant="light" tt="none">
        Read
      </Badge>
    );
  }
  if (mine) {
    return (
      <Badge color="blue" variant="light" tt="none">
        Started
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="outline" tt="none">
      Unread
    </Badge>
  );
}
