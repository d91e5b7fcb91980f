import type { AdminCount } from './get-admin-counts';

/** Query keys of the moderation screens: the content queue's pages and the sidebar counts. */
export const queueKeys = {
  all: ['content-queue'] as const,
  page: (page: number, pageSize: number) => ['content-queue', page, pageSize] as const,
};

export const adminCountKeys = {
  all: ['admin-counts'] as const,
  count: (name: AdminCount) => ['admin-counts', name] as const,
};
