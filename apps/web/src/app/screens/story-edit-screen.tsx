import { useQueryClient } from '@tanstack/react-query';
import { RevisionsPanel } from '../../features/revisions/revisions-panel';
import { storyKeys } from '../../features/stories/api/keys';
import { EditStoryPage } from '../../features/stories/edit-story-page';
import { discardDraft } from '../../lib/drafts/drafts';

/** /stories/edit/{id}: the story form, with the story's revisions (to compare and restore) under it. */
export function StoryEditScreen() {
  const queryClient = useQueryClient();
  return (
    <EditStoryPage
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
