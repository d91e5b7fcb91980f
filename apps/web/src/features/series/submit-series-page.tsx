import { Stack, Text, Title } from '@mantine/core';
import { VERIFIED_ONLY_TEXT } from '../../lib/posts/verified-only';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useSaveSeries } from './api/save-series';
import { SeriesForm } from './series-form';
import { WithDraft } from '../../components/drafts/draft-bar';
import type { DraftKey } from '../../lib/drafts/drafts';
import { COAUTHORS_LATER_TEXT, REVIEW_TEXT } from './series-texts';

function NewSeriesForm({ userId }: { userId: string }) {
  const draftKey: DraftKey = { userId, type: 'series', post: '' };
  const save = useSaveSeries(userId, undefined, draftKey);
  return (
    <WithDraft draftKey={draftKey}>
      {(record) => (
        <SeriesForm
          userId={userId}
          draft={{ key: draftKey, record }}
          submitLabel="Submit Series"
          saving={save.isPending}
          refusal={save.error}
          onSave={(values) => save.mutate(values)}
        />
      )}
    </WithDraft>
  );
}

/** /series/submit (spec part 1 §2): the series form, for verified emails (§6); reviewed like stories. */
export function SubmitSeriesPage() {
  usePageTitle('Submit Series');
  const { user } = useSession();
  return (
    <Stack>
      <Title order={1}>Submit Series</Title>
      {user?.verified ? (
        <>
          <Text c="dimmed">{REVIEW_TEXT}</Text>
          <Text c="dimmed" size="sm">
            {COAUTHORS_LATER_TEXT}
          </Text>
          <NewSeriesForm userId={user.id} />
        </>
      ) : (
        <Text>{VERIFIED_ONLY_TEXT}</Text>
      )}
    </Stack>
  );
}
