import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../components/errors/load-failed';
import { flashError } from '../../components/flash';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import {
  isGathering,
  mayAskAgain,
  useDownloadDataExport,
  useLatestDataExport,
  useRequestDataExport,
  type DataExportRecord,
} from './api/data-export';

export const DATA_EXPORT_TEXTS = {
  heading: 'Your data',
  about:
    'Download a zip of everything you gave the site: your account and profile, your stories, series and forum posts (as markdown and as EPUB), comments, messages, likes, favorites, follows, reading progress, blocks, mutes, drafts, revisions, files and the reports you made. Gathering it takes a few minutes; we tell you by notification and by mail when it is ready, and it can be downloaded for 7 days.',
  request: 'Download my data',
  gathering: 'We are gathering your data. We will tell you when it is ready.',
  download: 'Download the zip',
  readyUntil: (when: string) => `Ready until ${when}`,
  failed: 'We could not gather your data. Try again, or write to the moderators.',
  loading: 'Loading your data exports…',
} as const;

/** What became of the latest export: being gathered, ready to download, or failed. */
function LatestExport({ entry, userId }: { entry: DataExportRecord | null; userId: string }) {
  const download = useDownloadDataExport(userId, { onError: flashError });
  if (!entry) return null;
  if (isGathering(entry)) {
    return (
      <Text size="sm" role="status">
        {DATA_EXPORT_TEXTS.gathering}
      </Text>
    );
  }
  if (entry.status === 'failed') {
    return (
      <Text size="sm" c="red">
        {DATA_EXPORT_TEXTS.failed}
      </Text>
    );
  }
  if (!entry.file) return null;
  return (
    <Group gap="sm" align="center">
      <Button variant="light" loading={download.isPending} onClick={() => download.mutate(entry)}>
        {DATA_EXPORT_TEXTS.download}
      </Button>
      {entry.expires && (
        <Text size="sm" c="dimmed">
          {DATA_EXPORT_TEXTS.readyUntil(formatDateTime(entry.expires))}
        </Text>
      )}
    </Group>
  );
}

/**
 * "Your data" (the member downloads everything they gave the site): ask for a zip, which the server
 * gathers in the background; the page reads the latest export again while it is gathered, then offers
 * the zip for its 7 days. One ask a day: the server's refusal says when to ask again.
 */
export function DataExport() {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const latest = useLatestDataExport(userId);
  const request = useRequestDataExport(userId, { onError: flashError });

  let body;
  if (latest.isPending) body = <Text c="dimmed">{DATA_EXPORT_TEXTS.loading}</Text>;
  else if (latest.isError) body = <LoadFailed error={latest.error} onRetry={() => void latest.refetch()} />;
  else body = <LatestExport entry={latest.data} userId={userId} />;

  // The ask is offered while the server would take it; a ready zip from today is the answer meanwhile.
  const askable = latest.isSuccess && mayAskAgain(latest.data);

  return (
    <Stack component="section" id="your-data" aria-labelledby="settings-your-data" gap="xs">
      <Title order={2} id="settings-your-data">
        {DATA_EXPORT_TEXTS.heading}
      </Title>
      <Text size="sm" maw={640}>
        {DATA_EXPORT_TEXTS.about}
      </Text>
      {askable && (
        <Group>
          <Button variant="default" loading={request.isPending} onClick={() => request.mutate()}>
            {DATA_EXPORT_TEXTS.request}
          </Button>
        </Group>
      )}
      {body}
    </Stack>
  );
}
