import { useMutation } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { flashError } from '../../../components/flash';
import { pb } from '../../../lib/pocketbase';
import { epubKeys } from './keys';

export type BookKind = 'stories' | 'series';

export interface DownloadedBook {
  blob: Blob;
  fileName: string;
}

/** The file name the server gives the book (`Content-Disposition`), or a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'book.epub';
}

/**
 * The book of a story or series (PRODUCT.md §14) from `GET /api/epub/{kind}/{id}`, as a file. Fetched
 * with the member's token like every SDK call (a plain link would carry no authorization); a refusal
 * becomes the SDK's error, so its text comes from lib/errors.ts like any other.
 */
export async function downloadEpub(kind: BookKind, id: string): Promise<DownloadedBook> {
  const url = pb.buildURL(`/api/epub/${kind}/${encodeURIComponent(id)}`);
  const headers: Record<string, string> = {};
  if (pb.authStore.token) headers.Authorization = pb.authStore.token;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch (error) {
    throw new ClientResponseError({ url, originalError: error });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => ({}));
    throw new ClientResponseError({ url, status: response.status, response: body as object });
  }
  return { blob: await response.blob(), fileName: fileNameOf(response) };
}

/** Hands a downloaded file to the browser to save, under its name. */
export function saveFile({ blob, fileName }: DownloadedBook): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the address can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useDownloadEpub(kind: BookKind, id: string) {
  return useMutation({
    mutationKey: epubKeys.download(kind, id),
    mutationFn: () => downloadEpub(kind, id),
    onSuccess: saveFile,
    onError: flashError,
  });
}
