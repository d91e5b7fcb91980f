import { pb } from './pocketbase';

/** What can be reported: exactly one of these is set on a report (spec part 2 §3 "Report"). */
export type ReportTarget = 'post' | 'comment' | 'profile' | 'message';

export const REPORT_TEXTS = {
  success: 'Report sent successfully.',
  reasonRequired: 'Reason is required',
  /** Spec part 2 §8: the browser alert on failure, followed by the server's messages. */
  contentFailure:
    'There was an error reporting the content. Please contact a moderator directly through the contact page.',
  profileFailure:
    'There was an error reporting the profile. Please contact a moderator directly through the contact page.',
} as const;

/** "reports: create (user, reason, plus one of comment, post, profile or message)" (spec part 2 §7). */
export function createReport(target: ReportTarget, id: string, reason: string, userId: string) {
  return pb.collection('reports').create({ user: userId, reason: reason.trim(), [target]: id });
}
