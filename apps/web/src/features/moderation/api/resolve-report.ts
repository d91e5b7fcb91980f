import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flash, flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { adminCountKeys, moderationLogKeys, reportQueueKeys } from './keys';
import { REPORT_QUEUE_TEXTS, type ReportAction } from './report-types';

export interface ReportDecision {
  report: string;
  action: ReportAction;
  resolution: string;
}

/**
 * "reports: update to resolve (resolver, resolution, action)" (spec part 2 §7). The server deletes the
 * item or bans its author in the same write and tells the reporter (PRODUCT.md §7).
 */
export function resolveReport({ report, action, resolution }: ReportDecision, resolver: string) {
  return pb.collection('reports').update(report, { resolver, action, resolution: resolution.trim() });
}

/** Resolves, says so, and reloads the queue, the sidebar counts and the dashboard's decisions. */
export function useResolveReport(resolver: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReportDecision) => resolveReport(decision, resolver),
    onSuccess: (_record, { action }) => void flash.success(REPORT_QUEUE_TEXTS.done[action]),
    onError: flashError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueueKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminCountKeys.all }),
        queryClient.invalidateQueries({ queryKey: moderationLogKeys.all }),
      ]),
  });
}
