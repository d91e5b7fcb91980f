/** Query keys of the member's own account record (with its profile). */
export const accountKeys = {
  detail: (userId: string) => ['users', userId, 'with-profile'] as const,
  /** The member's request to delete their account (a mutation: nothing is cached under it). */
  deletion: (userId: string) => ['users', userId, 'deletion'] as const,
  /** Asking for the confirmation mail, and following its link (mutations too). */
  deletionMail: (userId: string) => ['users', userId, 'deletion', 'mail'] as const,
  deletionConfirmation: (userId: string) => ['users', userId, 'deletion', 'confirm'] as const,
  /** The member's latest export of their data (a `data_exports` row), and asking for a new one. */
  dataExport: (userId: string) => ['data_exports', userId, 'latest'] as const,
  dataExportRequest: (userId: string) => ['data_exports', userId, 'request'] as const,
  dataExportDownload: (userId: string) => ['data_exports', userId, 'download'] as const,
};
