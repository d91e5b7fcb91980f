import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useChaptersProgress } from './api/get-chapters-progress';
import type { ReadProgress } from './api/types';
import { CONTINUE_READING_TITLE } from './continue-reading';

/**
 * Where the member goes on in a series: the first chapter they started and did not finish, else the
 * first unread chapter after the last one they finished; null before they start and once all are read.
 */
export function nextChapterIndex(chapterIds: readonly string[], progress: ReadonlyMap<string, ReadProgress>) {
  const started = chapterIds.findIndex((id) => progress.has(id) && !progress.get(id)!.finished);
  if (started >= 0) return started;
  let lastRead = -1;
  chapterIds.forEach((id, index) => {
    if (progress.get(id)?.finished) lastRead = index;
  });
  if (lastRead < 0) return null;
  const next = chapterIds.findIndex((id, index) => index > lastRead && !progress.has(id));
  return next >= 0 ? next : null;
}

/** "Continue reading" on a series page (PRODUCT.md §14), with the same one request as the read marks. */
export function SeriesContinue({ userId, chapterIds }: { userId: string; chapterIds: readonly string[] }) {
  const progress = useChaptersProgress(userId, chapterIds);
  if (!progress.data) return null;
  const index = nextChapterIndex(chapterIds, progress.data);
  if (index === null) return null;
  return (
    <Button component={Link} to={`/stories/${chapterIds[index]!}`} variant="light" w="fit-content">
      {`${CONTINUE_READING_TITLE}: Chapter ${index + 1}`}
    </Button>
  );
}
