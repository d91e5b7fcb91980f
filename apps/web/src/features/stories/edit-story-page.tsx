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
import { StoryForm } from './story-form';
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
  const save = useSaveStory(userId, { story: { id: story.id, post } });
  return (
    <StoryForm
      initialValues={valuesOf(story, post)}
      attached={{ owner: post, files: post.attachments ?? [] }}
      submitLabel="Save Story"
      schedulable={!post.published}
      saving={save.isPending}
      refusal={save.error}
      onSave={(values) => save.mutate(values)}
    />
  );
}

/** /stories/edit/{id} (spec part 1 §2): the story form filled with the story, for its contributors (§6). */
export function EditStoryPage() {
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
  else body = <EditForm key={story.data.id} story={story.data} post={post} userId={session.user.id} />;

  return (
    <Stack>
      <Title order={1}>Edit Story</Title>
      {body}
    </Stack>
  );
}
