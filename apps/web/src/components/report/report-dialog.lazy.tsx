import { Button, Group, Modal, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessages } from '../../lib/errors';
import { createReport, REPORT_TEXTS } from '../../lib/reports';
import { useSession } from '../../lib/session';
import { flash } from '../flash';
import type { ReportDialogProps } from './report-dialog';
import { useReturnFocus } from '../use-return-focus';

/** The dialog's body: report-dialog.tsx loads it the first time one is needed. */
export function ReportDialogBody({ opened, onClose, target, targetId, title, question }: ReportDialogProps) {
  useReturnFocus();
  const session = useSession();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const report = useMutation({
    mutationFn: () => createReport(target, targetId, reason, session.user?.id ?? ''),
    onSuccess: () => {
      flash.success(REPORT_TEXTS.success);
      setReason('');
      onClose();
    },
    onError: (error) => {
      const headline = target === 'profile' ? REPORT_TEXTS.profileFailure : REPORT_TEXTS.contentFailure;
      window.alert([headline, ...errorMessages(error)].join('\n'));
    },
  });

  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    report.mutate();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          label="Reason"
          description={question}
          required
          // A fixed height: Mantine's autosize needs the CSS Font Loading API, which not every browser has.
          rows={4}
          value={reason}
          error={missing ? REPORT_TEXTS.reasonRequired : undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={report.isPending}>
            Report
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
