import { Button, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { flash } from '../../components/flash';
import { ERROR_TEXTS, errorMessages } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { storyKeys } from './api/keys';
import { submitStory, type StorySubmission } from './api/submit-story';
import { VERIFIED_ONLY_TEXT } from './verified-only';

export const SUBMIT_FAILED_TEXT = 'Something went wrong while submitting your post. Please try again later.';
export const STORY_MESSAGES = {
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
};

/** The spec's submit failure text, followed by whatever specific reasons the server gave. */
function flashSubmitFailure(error: unknown) {
  flash.error(SUBMIT_FAILED_TEXT);
  for (const text of errorMessages(error)) if (text !== ERROR_TEXTS.fallback) flash.error(text);
}

function StoryForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const series = params.get('series');
  const form = useForm<StorySubmission>({
    initialValues: { title: '', description: '', tags: '', content: '' },
    validate: {
      title: (value) => (value.trim() ? null : STORY_MESSAGES.titleRequired),
      content: (value) => (value.trim() ? null : STORY_MESSAGES.contentRequired),
    },
  });
  const submit = useMutation({
    mutationFn: (values: StorySubmission) => submitStory({ ...values, series }, userId),
    onError: flashSubmitFailure,
    onSuccess: (storyId) => {
      void queryClient.invalidateQueries({ queryKey: storyKeys.all });
      void navigate(`/stories/${storyId}`);
    },
  });

  return (
    <form noValidate onSubmit={form.onSubmit((values) => submit.mutate(values))}>
      <Stack>
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea label="Description" rows={3} resize="vertical" {...form.getInputProps('description')} />
        <TextInput
          label="Tags"
          description="Separate tags with commas; new tags are created for you."
          placeholder="giant, village, gentle"
          {...form.getInputProps('tags')}
        />
        <Textarea
          label="Content"
          description="Markdown: **bold**, *italic*, # headings, > quotes, lists, tables and links."
          withAsterisk
          rows={16}
          resize="vertical"
          {...form.getInputProps('content')}
        />
        <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-start' }}>
          Submit Story
        </Button>
      </Stack>
    </form>
  );
}

/** /stories/submit (spec part 1 §2): the story form, for members with a verified email (§6). */
export function SubmitStoryPage() {
  usePageTitle('Submit Story');
  const { user } = useSession();
  return (
    <Stack>
      <Title order={1}>Submit Story</Title>
      {user?.verified ? (
        <>
          <Text c="dimmed">A moderator reviews every story before it is published.</Text>
          <StoryForm userId={user.id} />
        </>
      ) : (
        <Text>{VERIFIED_ONLY_TEXT}</Text>
      )}
    </Stack>
  );
}
