import { CommentsSection } from '../../features/comments/comments-section';
import { DownloadEpubButton } from '../../features/epub/download-epub-button';
import { FollowButton } from '../../features/follows/follow-button';
import { ChapterReadMark } from '../../features/reading/chapter-read-mark';
import { SeriesContinue } from '../../features/reading/series-continue';
import { SeriesPage } from '../../features/series/series-page';
import { useSession } from '../../lib/session';

/**
 * /series/{seriesId}: the series, its chapters marked read or unread for the member with where they go on
 * reading, "Download EPUB" and the comments.
 */
export function SeriesScreen() {
  const { user } = useSession();
  return (
    <SeriesPage
      renderChapterMark={(storyId, chapterIds) =>
        user && <ChapterReadMark userId={user.id} storyId={storyId} chapterIds={chapterIds} />
      }
      renderContinue={(chapterIds) => user && <SeriesContinue userId={user.id} chapterIds={chapterIds} />}
      renderFollow={(seriesId) => user && <FollowButton userId={user.id} kind="series" id={seriesId} />}
      renderComments={(post) => <CommentsSection key={post.id} post={post} />}
      renderDownload={(seriesId) => user && <DownloadEpubButton kind="series" id={seriesId} />}
    />
  );
}
