import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '../../../lib/pocketbase';
import { accountKeys } from './keys';

export type DataExportStatus = 'pending' | 'building' | 'ready' | 'failed';

/** One row of `data_exports`: only its member can list or view it, and only the server writes it. */
export interface DataExportRecord extends RecordModel {
  user: string;
  status: DataExportStatus;
  /** The zip (a protected file: its address needs a file token). Set once ready. */
  file?: string;
  /** When the zip goes ("2026-12-09 14:00:00.000Z"); set once ready. */
  expires?: string;
  created: string;
  updated: string;
}

/** How often the list is read again while the server is still gathering the data. */
export const DATA_EXPORT_POLL_MS = 5_000;

/** While the server gathers it: the screen waits for the zip. */
export function isGathering(entry: DataExportRecord | null | undefined): boolean {
  return entry?.status === 'pending' || entry?.status === 'building';
}

/** The server takes one ask a day (a failed export does not count). */
export const DATA_EXPORT_EVERY_MS = 24 * 3_600_000;

/**
 * Whether asking again makes sense: never asked, the last one failed, or it was asked more than a day
 * ago. Otherwise the server would refuse, and the ready zip is the answer.
 */
export function mayAskAgain(entry: DataExportRecord | null | undefined, now = Date.now()): boolean {
  if (!entry || entry.status === 'failed') return true;
  if (isGathering(entry)) return false;
  return now - Date.parse(entry.created.replace(' ', 'T')) >= DATA_EXPORT_EVERY_MS;
}

/** The member's latest export, or null when they never asked for one (the server's rule lists only theirs). */
export async function getLatestDataExport(): Promise<DataExportRecord | null> {
  const list = await pb.collection('data_exports').getList<DataExportRecord>(1, 1, { sort: '-created' });
  return list.items[0] ?? null;
}

export function latestDataExportQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.dataExport(userId),
    queryFn: getLatestDataExport,
    enabled: Boolean(userId),
    // Read again every few seconds while the zip is being made, so the page turns to "ready" by itself.
    refetchInterval: (query) => (isGathering(query.state.data) ? DATA_EXPORT_POLL_MS : false),
  });
}

export function useLatestDataExport(userId: string) {
  return useQuery(latestDataExportQueryOptions(userId));
}

export interface DataExportAnswer {
  id: string;
  status: 'pending';
}

/**
 * Asks for a zip of everything the member gave the site (`POST /api/account/export`). Once a day: a
 * second ask within 24 hours is refused (429) with a message saying when to ask again.
 */
export async function requestDataExport(): Promise<DataExportAnswer> {
  return pb.send<DataExportAnswer>('/api/account/export', { method: 'POST' });
}

/** The request; afterwards the latest export is read again, so the page shows the one just asked for. */
export function useRequestDataExport(userId: string, handlers: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: accountKeys.dataExportRequest(userId),
    mutationFn: requestDataExport,
    ...handlers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.dataExport(userId) }),
  });
}

/**
 * The ready zip's address, with a file token fetched now (a token lives about two minutes, so it is
 * asked for at the click, not when the page loads), then handed to the browser to save.
 */
export async function downloadDataExport(entry: DataExportRecord): Promise<string> {
  const token = await pb.files.getToken();
  const url = pb.files.getURL(entry, entry.file ?? '', { token, download: true });
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  return url;
}

export function useDownloadDataExport(userId: string, handlers: { onError: (error: Error) => void }) {
  return useMutation({
    mutationKey: accountKeys.dataExportDownload(userId),
    mutationFn: downloadDataExport,
    ...handlers,
  });
}
