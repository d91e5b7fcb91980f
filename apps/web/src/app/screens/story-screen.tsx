import { CommentsSection } from '../../features/comments/comments-section';
import { DownloadEpubButton } from '../../features/epub/download-epub-button';
import { ReaderQuickControl } from '../../features/reader-settings/reader-quick-control';
import { ReaderText } from '../../features/reader-settings/reader-text';
import { ReadingTracker } from '../../features/reading/reading-tracker';
import { StoryPage } from '../../features/stories/story-page';
import { useSession } from '../../lib/session';

/**
 * /stories/{storyId}: the story, with the reader's place kept by the reading feature, its text set in the
 * member's reader settings (with their quick control above it), "Download EPUB" from the EPUB feature,
 * and the comments under it.
 */
export function StoryScreen() {
  const { user } = useSession();
  return (
    <StoryPage
      renderReading={(storyId, contentId) =>
        user && (
          <>
            <ReaderQuickControl />
            <ReadingTracker key={storyId} userId={user.id} storyId={storyId} contentId={contentId} />
          </>
        )
      }
      renderBody={(body) => <ReaderText>{body}</ReaderText>}
      renderComments={(post) => <CommentsSection key={post.id} post={post} />}
      renderDownload={(storyId) => user && <DownloadEpubButton kind="stories" id={storyId} />}
    />
  );
}
