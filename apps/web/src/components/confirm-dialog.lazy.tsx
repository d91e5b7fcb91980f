import { Button, Group, Modal, Text } from '@mantine/core';
import type { ConfirmDialogProps } from './confirm-dialog';
import { useReturnFocus } from './use-return-focus';

/** The dialog's body: confirm-dialog.tsx loads it the first time one is needed. */
export function ConfirmDialogBody({
  opened,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  useReturnFocus();
  return (
    <Modal opened={opened} onClose={onCancel} title="Please confirm" centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
