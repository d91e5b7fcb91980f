import { lazy, Suspense } from 'react';
import type { ReportTarget } from '../../lib/reports';

export interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What is reported and its id; the reporter is the signed-in member. */
  target: ReportTarget;
  targetId: string;
  /** "Report Message", "Report Comment", ... */
  title: string;
  /** "Why are you reporting this message?" */
  question: string;
}

// The modal is loaded the first time a dialog opens, so the screens that offer a Report button stay small.
const ReportDialogBody = lazy(() =>
  import('./report-dialog.lazy').then((m) => ({ default: m.ReportDialogBody })),
);

/**
 * The one report dialog of the site (spec part 2 §2-§8): a required multiline Reason, Cancel and Report.
 * Success flashes "Report sent successfully." and closes and clears the dialog; failure shows the spec's
 * alert (content or profile wording) followed by the server's messages, and keeps the reason.
 */
export function ReportDialog(props: ReportDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialogBody {...props} />
    </Suspense>
  );
}
