import { lazy, Suspense } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  /** The question, e.g. "Are you sure you want to delete this comment?" (spec part 1 §8). */
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

// A modal brings a focus trap, scroll locking and a portal: loaded the first time a dialog opens, so the
// screens that may ask stay within their chunk budget.
const ConfirmDialogBody = lazy(() =>
  import('./confirm-dialog.lazy').then((m) => ({ default: m.ConfirmDialogBody })),
);

/** Asks before something that cannot be undone; Cancel and closing the dialog both leave things as they are. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogBody {...props} />
    </Suspense>
  );
}

/** The spec's confirmation text for a kind of thing: "comment", "story", "post" (spec part 1 §8). */
export const deleteQuestion = (kind: string) => `Are you sure you want to delete this ${kind}?`;
