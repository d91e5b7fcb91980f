import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PageLoader } from '../../components/page-loader';
import { PagePagination } from '../../components/page-pagination';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useOpenReports } from './api/get-open-reports';
import { REPORT_QUEUE_TEXTS } from './api/report-types';
import { useQueueParams } from './queue-params';
import { ReportEntry } from './report-entry';
import { LoadFailed } from '../../components/errors/load-failed';

/** /admin/report-queue?page=N&pageSize=M (spec part 2 §2): unresolved reports, oldest first. */
export function ReportQueuePage() {
  usePageTitle('Report Queue');
  const { user } = useSession();
  const { page, pageSize, goTo } = useQueueParams();
  const queue = useOpenReports(page, pageSize);

  // Resolving the last report of the last page leaves that page empty: step back to the new last page.
  const lastPage = queue.data?.totalPages ?? 0;
  const pastTheEnd = queue.isSuccess && !queue.isPlaceholderData && lastPage > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) goTo(lastPage);
  });

  let body;
  if (queue.isPending) body = <PageLoader />;
  else if (queue.isError) {
    body = <LoadFailed error={queue.error} onRetry={() => void queue.refetch()} />;
  } else if (queue.data.totalItems === 0) body = <Text size="lg">{REPORT_QUEUE_TEXTS.empty}</Text>;
  else if (queue.data.items.length === 0) body = <PageLoader />;
  else {
    body = (
      <Stack>
        <Text size="sm" c="dimmed">
          {queue.data.totalItems} open {queue.data.totalItems === 1 ? 'report' : 'reports'}
        </Text>
        {queue.data.items.map((report) => (
          <ReportEntry key={report.id} report={report} resolver={user?.id ?? ''} />
        ))}
        <PagePagination page={page} totalPages={queue.data.totalPages} onChange={goTo} />
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>Report Queue</Title>
      {body}
    </Stack>
  );
}
