import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../page-loader';
import { useDraft, type DraftKey, type DraftRecord } from '../../lib/drafts/drafts';
import type { DraftSaveState } from '../../lib/drafts/use-draft-autosave';
import { formatDateTime } from '../../lib/format';

export const DRAFT_TEXTS = {
  restored: (when: string) => `Your unsaved draft from ${when} was restored.`,
  discard: 'Discard draft',
  saving: 'Saving draft...',
  saved: 'Draft saved',
  failed: 'Draft not saved. Your text is still here; keep it until you save.',
};

/** Opens an editor once the member's draft for it is known (drafts are not worth blocking on: an error opens it without). */
export function WithDraft<T>({
  draftKey,
  children,
}: {
  draftKey: DraftKey;
  children: (draft: DraftRecord<T> | null) => ReactNode;
}) {
  const draft = useDraft<T>(draftKey);
  if (draft.isPending) return <PageLoader />;
  return <>{children(draft.data ?? null)}</>;
}

interface DraftNoticeProps {
  /** When the restored draft was last saved; absent when the editor opened without one. */
  restoredAt?: string;
  discarding?: boolean;
  onDiscard: () => void;
}

/** Above an editor: the "draft restored" notice with its Discard button. */
export function DraftRestoredNotice({ restoredAt, discarding, onDiscard }: DraftNoticeProps) {
  if (!restoredAt) return null;
  return (
    <Alert color="blue" variant="light" title="Draft restored">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{DRAFT_TEXTS.restored(formatDateTime(restoredAt))}</Text>
        <Button size="xs" variant="default" loading={discarding} onClick={onDiscard}>
          {DRAFT_TEXTS.discard}
        </Button>
      </Group>
    </Alert>
  );
}

/** Beside the editor's save button: how the draft saving goes, read out politely to screen readers. */
export function DraftStatus({ state }: { state: DraftSaveState }) {
  const label =
    state === 'saving'
      ? DRAFT_TEXTS.saving
      : state === 'saved'
        ? DRAFT_TEXTS.saved
        : state === 'failed'
          ? DRAFT_TEXTS.failed
          : '';
  return (
    <Text size="sm" c={state === 'failed' ? 'red' : 'dimmed'} aria-live="polite" data-testid="draft-status">
      {label}
    </Text>
  );
}
