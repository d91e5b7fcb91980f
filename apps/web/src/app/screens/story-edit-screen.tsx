import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CoauthorsPanel } from '../../features/coauthors/coauthors-panel';
import { RevisionsPanel } from '../../features/revisions/revisions-panel';
import { storyKeys } from '../../features/stories/api/keys';
import { EditStoryPage } from '../../features/stories/edit-story-page';
import { discardDraft } from '../../lib/drafts/drafts';

/**
 * /stories/edit/{id}: the story form, with the story's co-authors (to invite, remove or leave) and its
 * revisions (to compare and restore) under it.
 */
export function StoryEditScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <EditStoryPage
      renderCoauthors={({ story, post }) => (
        <CoauthorsPanel
          key={post.id}
          post={post}
          onChanged={() => queryClient.invalidateQueries({ queryKey: storyKeys.all })}
          onLeft={async () => {
            // No longer a contributor: the story page if readers may see it, else the member's own stories.
            void navigate(post.published ? `/stories/${story.id}` : '/stories/manage');
            await queryClient.invalidateQueries({ queryKey: storyKeys.all });
          }}
        />
      )}
      renderRevisions={({ story, post, draftKey }) => (
        <RevisionsPanel
          key={post.id}
          postId={post.id}
          storyId={story.id}
          current={{
            title: post.title,
            description: post.description,
            tags: (post.expand?.tags ?? []).map((tag) => tag.name).join(', '),
            content: story.content,
          }}
          onRestored={async () => {
            // The form opens again with the restored story, not with what was typed before.
            await discardDraft(draftKey).catch(() => undefined);
            await queryClient.invalidateQueries({ queryKey: storyKeys.all });
          }}
        />
      )}
    />
  );
}
