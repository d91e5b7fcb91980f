import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';
import { pb } from '../../../lib/pocketbase';
import { moderationLogKeys } from './keys';

/** How many decisions the dashboard lists. */
export const RECENT_DECISIONS = 15;

/** One moderation decision, whichever record keeps it. */
export interface Decision {
  id: string;
  when: string;
  moderator?: NamedUser;
  /** What was done, in a few words: "banned alice", "published “Title”". */
  what: string;
  /** The reason the moderator gave, if any. */
  why: string;
}

interface LogEntry extends RecordModel {
  action: 'delete' | 'ban' | 'unban' | 'roles' | 'delete_account';
  target_collection: string;
  summary: string;
  reason: string;
  created: string;
  expand?: { moderator?: NamedUser };
}

interface ReviewEntry extends RecordModel {
  action: 'publish' | 'reject' | 'delete';
  title: string;
  resolution: string;
  created: string;
  expand?: { resolver?: NamedUser; post?: { title: string } };
}

interface ResolvedReport extends RecordModel {
  action: 'resolve' | 'delete' | 'ban';
  reason: string;
  resolution: string;
  updated: string;
  expand?: { resolver?: NamedUser };
}

const SINGULAR: Record<string, string> = { posts: 'post', comments: 'comment', messages: 'message' };

function fromLog(entry: LogEntry): Decision {
  const what = {
    delete: `deleted a ${SINGULAR[entry.target_collection] ?? 'record'}: “${entry.summary}”`,
    ban: `banned ${entry.summary}`,
    unban: `lifted the ban on ${entry.summary}`,
    roles: `set roles of ${entry.summary}`,
    // The summary names nobody: the account was erased (issue 45).
    delete_account: `deleted ${entry.summary}`,
  }[entry.action];
  return { id: entry.id, when: entry.created, moderator: entry.expand?.moderator, what, why: entry.reason };
}

function fromReview(entry: ReviewEntry): Decision {
  const title = entry.title || entry.expand?.post?.title || 'a submission';
  const verb = { publish: 'published', reject: 'rejected', delete: 'deleted' }[entry.action];
  return {
    id: entry.id,
    when: entry.created,
    moderator: entry.expand?.resolver,
    what: `${verb} “${title}”`,
    why: entry.resolution,
  };
}

function fromReport(report: ResolvedReport): Decision {
  const outcome = {
    resolve: 'resolved a report',
    delete: 'resolved a report by deleting the item',
    ban: 'resolved a report by banning the author',
  }[report.action];
  return {
    id: report.id,
    when: report.updated,
    moderator: report.expand?.resolver,
    what: `${outcome} (“${report.reason}”)`,
    why: report.resolution,
  };
}

/**
 * The dashboard's recent moderation decisions: the moderation log (deletes, bans, roles), review
 * decisions and resolved reports, newest first. Each keeps its own who/what/when/why on the server.
 */
export async function getRecentDecisions(): Promise<Decision[]> {
  const options = (sort: string, expand: string, filter?: string) => ({
    sort,
    expand,
    ...(filter ? { filter } : {}),
  });
  // Each source stands alone: one that cannot answer leaves the others to show (all failing is an error).
  const sources = await Promise.allSettled([
    pb
      .collection('moderation_log')
      .getList<LogEntry>(1, RECENT_DECISIONS, options('-created', 'moderator,moderator.profile'))
      .then((page) => page.items.map(fromLog)),
    pb
      .collection('post_content_actions')
      .getList<ReviewEntry>(1, RECENT_DECISIONS, options('-created', 'resolver,resolver.profile,post'))
      .then((page) => page.items.map(fromReview)),
    pb
      .collection('reports')
      .getList<ResolvedReport>(
        1,
        RECENT_DECISIONS,
        options('-updated', 'resolver,resolver.profile', 'resolver != ""'),
      )
      .then((page) => page.items.map(fromReport)),
  ]);
  const failed = sources.find((source) => source.status === 'rejected');
  if (failed && sources.every((source) => source.status === 'rejected')) throw failed.reason;
  return sources
    .flatMap((source) => (source.status === 'fulfilled' ? source.value : []))
    .sort((a, b) => b.when.localeCompare(a.when))
    .slice(0, RECENT_DECISIONS);
}

export function recentDecisionsQueryOptions() {
  return queryOptions({ queryKey: moderationLogKeys.recent(RECENT_DECISIONS), queryFn: getRecentDecisions });
}

export function useRecentDecisions() {
  return useQuery(recentDecisionsQueryOptions());
}
