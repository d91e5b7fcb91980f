import { Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SUBMIT_FAILED_TEXT, flashSubmitFailure } from '../../components/posts/submit-failure';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { storyKeys } from './api/keys';
import { saveStory, type SaveTarget, type StoryValues } from './api/save-story';
import { StoryForm, type StoryDraftValues } from './story-form';
import { WithDraft } from '../../components/drafts/draft-bar';
import { discardDraft, type DraftKey } from '../../lib/drafts/drafts';
import { VERIFIED_ONLY_TEXT } from './verified-only';
import { COAUTHORS_LATER_TEXT } from './story-texts';

export { SUBMIT_FAILED_TEXT, flashSubmitFailure };

/** Saves the story form and opens the saved story; failures show the spec's text (part 1 §8). */
export function useSaveStory(userId: string, target: SaveTarget, draftKey: DraftKey) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: StoryValues) => saveStory(values, userId, target),
    onError: flashSubmitFailure,
    onSuccess: async (storyId) => {
      // Saved: the draft has done its work (a failure to remove it only leaves it to be offered again).
      await discardDraft(draftKey).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: storyKeys.all });
      void navigate(`/stories/${storyId}`);
    },
  });
}

function NewStoryForm({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const draftKey: DraftKey = { userId, type: 'story', post: '' };
  const save = useSaveStory(userId, { series: params.get('series') }, draftKey);
  return (
    <WithDraft<Partial<StoryDraftValues>> draftKey={draftKey}>
      {(record) => (
        <StoryForm
          draft={{ key: draftKey, record }}
          submitLabel="Submit Story"
          saving={save.isPending}
          refusal={save.error}
          onSave={(values) => save.mutate(values)}
        />
      )}
    </WithDraft>
  );
}

/** /stories/submit (spec part 1 §2, optional ?series={id}): the story form, for verified emails (§6). */
export function SubmitStoryPage() {
  usePageTitle('Submit Story');
  const { user } = useSession();
  return (
    <Stack>
      <Title order={1}>Submit Story</Title>
      {user?.verified ? (
        <>
          <Text c="dimmed">A moderator reviews every story before it is published.</Text>
          <Text c="dimmed" size="sm">
            {COAUTHORS_LATER_TEXT}
          </Text>
          <NewStoryForm userId={user.id} />
        </>
      ) : (
        <Text>{VERIFIED_ONLY_TEXT}</Text>
      )}
    </Stack>
  );
}
