import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { errorMessage, isNotFoundError } from '../../lib/errors';
import { canEditPost } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useStory } from './api/get-story';
import type { StoryValues } from './api/save-story';
import { sizesOf } from '../../lib/posts/sizes';
import type { PostRecord, StoryRecord } from '../../lib/posts/types';
import { StoryForm, type StoryDraftValues } from './story-form';
import { WithDraft } from '../../components/drafts/draft-bar';
import type { DraftKey } from '../../lib/drafts/drafts';
import type { ReactNode } from 'react';
import { MISSING_STORY_TEXT } from './story-texts';
import { useSaveStory } from './submit-story-page';
import { toLocalInput } from './publish-time';

export const CONTRIBUTORS_ONLY_TEXT = 'Only the contributors of a story may edit it.';

function valuesOf(story: StoryRecord, post: PostRecord): StoryValues {
  return {
    title: post.title,
    description: post.description,
    labels: post.labels ?? [],
    tags: (post.expand?.tags ?? []).map((tag) => tag.name).join(', '),
    sizes: sizesOf(post),
    content: story.content,
    files: [],
    removedFiles: [],
    publishAt: toLocalInput(post.publish_at),
  };
}

function EditForm({ story, post, userId }: { story: StoryRecord; post: PostRecord; userId: string }) {
  const draftKey: DraftKey = { userId, type: 'story', post: post.id };
  const save = useSaveStory(userId, { story: { id: story.id, post } }, draftKey);
  return (
    <WithDraft<Partial<StoryDraftValues>> draftKey={draftKey}>
      {(record) => (
        <StoryForm
          initialValues={valuesOf(story, post)}
          draft={{ key: draftKey, record }}
          attached={{ owner: post, files: post.attachments ?? [] }}
          submitLabel="Save Story"
          schedulable={!post.published}
          saving={save.isPending}
          refusal={save.error}
          onSave={(values) => save.mutate(values)}
        />
      )}
    </WithDraft>
  );
}

/** What the edit screen lends the revisions of the story: the story as saved, and the draft to drop on a restore. */
export interface StoryRevisionsTarget {
  story: StoryRecord;
  post: PostRecord;
  draftKey: DraftKey;
}

interface EditStoryPageProps {
  /** The story's revisions (composed by app/screens: another feature's), under the form. */
  renderRevisions?: (target: StoryRevisionsTarget) => ReactNode;
  /** The story's co-authors (composed by app/screens), between the form and the revisions. */
  renderCoauthors?: (target: StoryRevisionsTarget) => ReactNode;
}

/** /stories/edit/{id} (spec part 1 §2): the story form filled with the story, for its contributors (§6). */
export function EditStoryPage({ renderRevisions, renderCoauthors }: EditStoryPageProps = {}) {
  usePageTitle('Edit Story');
  const { id = '' } = useParams();
  const story = useStory(id);
  const session = useSession();
  const post = story.data?.expand?.post;

  let body;
  if (story.isPending) body = <PageLoader />;
  else if (story.isError && !isNotFoundError(story.error)) {
    body = (
      <Text c="red" role="alert">
        {errorMessage(story.error)}
      </Text>
    );
  } else if (!story.data || !post) body = <Text>{MISSING_STORY_TEXT}</Text>;
  else if (!session.user || !canEditPost(session, post)) body = <Text>{CONTRIBUTORS_ONLY_TEXT}</Text>;
  else {
    const target = {
      story: story.data,
      post,
      draftKey: { userId: session.user.id, type: 'story', post: post.id },
    } as const;
    body = (
      <>
        {/* A restored revision is a new save: the form opens again with it. */}
        <EditForm
          key={`${story.data.id} ${story.data.updated} ${post.updated}`}
          story={story.data}
          post={post}
          userId={session.user.id}
        />
        {renderCoauthors?.(target)}
        {renderRevisions?.(target)}
      </>
    );
  }

  return (
    <Stack>
      <Title order={1}>Edit Story</Title>
      {body}
    </Stack>
  );
}
