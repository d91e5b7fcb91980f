import type { AdminCount } from './get-admin-counts';

/** Query keys of the moderation screens: the queues, the user directory, the log and the sidebar counts. */
export const queueKeys = {
  all: ['content-queue'] as const,
  page: (page: number, pageSize: number) => ['content-queue', page, pageSize] as const,
};

export const reportQueueKeys = {
  all: ['report-queue'] as const,
  page: (page: number, pageSize: number) => ['report-queue', page, pageSize] as const,
};

export const userDirectoryKeys = {
  all: ['user-directory'] as const,
  page: (page: number, sort: string) => ['user-directory', page, sort] as const,
};

export const moderationLogKeys = {
  all: ['moderation-log'] as const,
  recent: (size: number) => ['moderation-log', size] as const,
};

export const staffChatKeys = {
  all: ['staff-chat'] as const,
};

export const sitePageKeys = {
  all: ['site-pages'] as const,
};

export const adminCountKeys = {
  all: ['admin-counts'] as const,
  count: (name: AdminCount) => ['admin-counts', name] as const,
};
