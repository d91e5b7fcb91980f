import { useSearchParams } from 'react-router';
import { CommentsSection } from '../../features/comments/comments-section';
import { ThreadPage } from '../../features/forums/thread-page';
import { ReaderText } from '../../features/reader-settings/reader-text';

/**
 * /forums/{forumId}/posts/{postId}?page=N: the thread, its text set in the member's reader settings, with
 * the comments feature's thread under it, paged.
 */
export function ForumThreadScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('page');
  const page = asked !== null && Number.isInteger(Number(asked)) && Number(asked) > 0 ? Number(asked) : null;
  return (
    <ThreadPage
      renderBody={(body) => <ReaderText>{body}</ReaderText>}
      renderComments={(post) => (
        <CommentsSection
          key={post.id}
          post={post}
          paging={{ page, onPage: (next) => setParams({ page: String(next) }) }}
        />
      )}
    />
  );
}
