import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { displayName } from '../../lib/display-name';
import { formatDateTime } from '../../lib/format';
import { REPORT_QUEUE_TEXTS, type ReportAction, type ReportRecord } from './api/report-types';
import { useResolveReport } from './api/resolve-report';
import { ReportTarget } from './report-target';

const BUTTONS: { action: ReportAction; label: string; color: string }[] = [
  { action: 'resolve', label: 'Resolve', color: 'green' },
  { action: 'delete', label: 'Delete', color: 'red' },
  { action: 'ban', label: 'Ban', color: 'red' },
];

/** One open report as a moderator works it: who reported what and why, the item itself, and the decision. */
export function ReportEntry({ report, resolver }: { report: ReportRecord; resolver: string }) {
  const [resolution, setResolution] = useState('');
  // The decision that was refused for want of a resolution: its message shows at the box, which gets focus.
  const [missingFor, setMissingFor] = useState<Exclude<ReportAction, 'resolve'> | null>(null);
  const resolutionBox = useRef<HTMLTextAreaElement>(null);
  const resolve = useResolveReport(resolver);
  const reporter = report.expand?.user;

  const decide = (action: ReportAction) => {
    // Delete and ban need a resolution (PRODUCT.md §7); the server refuses them without one too.
    if (action !== 'resolve' && !resolution.trim()) {
      setMissingFor(action);
      resolutionBox.current?.focus();
      return;
    }
    setMissingFor(null);
    resolve.mutate({ report: report.id, action, resolution }, { onSuccess: () => setResolution('') });
  };

  return (
    <Card withBorder component="article" aria-labelledby={`report-${report.id}`}>
      <Stack>
        <Stack gap={2}>
          <Title order={2} size="h3" id={`report-${report.id}`}>
            Report by {reporter ? displayName(reporter) : 'a former member'}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(report.created)}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            Reason
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{report.reason}</Text>
        </Stack>
        <ReportTarget report={report} />
        <Textarea
          label="Resolution"
          description="Required to delete the item or ban its author; kept in the report."
          rows={2}
          ref={resolutionBox}
          value={resolution}
          onChange={(event) => setResolution(event.currentTarget.value)}
          error={missingFor ? REPORT_QUEUE_TEXTS.reasonRequired[missingFor] : undefined}
          disabled={resolve.isPending}
        />
        <Group gap="xs">
          {BUTTONS.map(({ action, label, color }) => (
            <Button
              key={action}
              color={color}
              variant={action === 'resolve' ? 'filled' : 'light'}
              onClick={() => decide(action)}
              loading={resolve.isPending && resolve.variables?.action === action}
              disabled={resolve.isPending}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
