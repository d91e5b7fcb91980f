import { CommentsSection } from '../../features/comments/comments-section';
import { StoryPage } from '../../features/stories/story-page';

/** /stories/{storyId}: the story, with the comments feature's thread under it. */
export function StoryScreen() {
  return <StoryPage renderComments={(post) => <CommentsSection key={post.id} post={post} />} />;
}
