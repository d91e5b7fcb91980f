import { CommentsSection } from '../../features/comments/comments-section';
import { ThreadPage } from '../../features/forums/thread-page';
import { ReaderText } from '../../features/reader-settings/reader-text';

/**
 * /forums/{forumId}/posts/{postId}?page=N: the thread, its text set in the member's reader settings, with
 * the comments feature's thread under it, 20 top-level comments to a page.
 */
export function ForumThreadScreen() {
  return (
    <ThreadPage
      renderBody={(body) => <ReaderText>{body}</ReaderText>}
      renderComments={(post) => <CommentsSection key={post.id} post={post} />}
    />
  );
}
