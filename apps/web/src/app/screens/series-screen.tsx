import { CommentsSection } from '../../features/comments/comments-section';
import { SeriesPage } from '../../features/series/series-page';

/** /series/{seriesId}: the series, with the comments feature's thread under it. */
export function SeriesScreen() {
  return <SeriesPage renderComments={(post) => <CommentsSection key={post.id} post={post} />} />;
}
