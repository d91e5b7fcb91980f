import { pb } from './pocketbase';

/** A record with a file field: enough for `pb.files.getURL`. */
export interface FileOwner {
  id: string;
  collectionId?: string;
  collectionName?: string;
}

export type FileKind = 'image' | 'video' | 'audio' | 'other';

// Spec part 1 §5's recognised types. "ogg" is listed for both video and audio; a <video> element plays
// either, so it previews as video.
const KINDS: [FileKind, string[]][] = [
  ['image', ['jpeg', 'jpg', 'gif', 'png', 'webp', 'svg']],
  ['video', ['mp4', 'webm', 'ogg']],
  ['audio', ['mp3', 'wav']],
];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** How an attachment previews, from its file name's extension. */
export function fileKind(name: string): FileKind {
  const extension = extensionOf(name);
  return KINDS.find(([, extensions]) => extensions.includes(extension))?.[0] ?? 'other';
}

export function fileUrl(owner: FileOwner, name: string): string {
  return pb.files.getURL(owner, name);
}

/**
 * The server stores an upload as `<snake_case base>_<10 random [a-z0-9]>.<ext>`; this is the name a
 * member would have typed for it: the stored name without the random part.
 */
function typedName(storedName: string): string {
  return storedName.replace(/_[a-z0-9]{10}(\.[^.]*)?$/, '$1').toLowerCase();
}

/** The same reduction for what a member wrote: "My Photo.PNG" becomes "my_photo.png". */
function normalisedName(written: string): string {
  const dot = written.lastIndexOf('.');
  const base = dot > 0 ? written.slice(0, dot) : written;
  const extension = dot > 0 ? written.slice(dot).toLowerCase() : '';
  const snake = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_')
    .toLowerCase();
  return snake + extension;
}

function lastSegment(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const segment = path.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Spec part 1 §5: a markdown image whose URL is not https is replaced by the matching attachment's URL,
 * so `![map](map.png)` shows the uploaded map. Matching goes by the stored name, or by the name as
 * uploaded; an image with no matching attachment keeps its URL.
 */
export function attachmentImageUrl(url: string, owner: FileOwner, files: readonly string[]): string {
  const match = matchingAttachment(url, files);
  return match ? fileUrl(owner, match) : url;
}

/** The stored attachment a markdown image address names, if any (see `attachmentImageUrl`). */
function matchingAttachment(url: string, files: readonly string[]): string | undefined {
  if (/^https:\/\//i.test(url) || files.length === 0) return undefined;
  const written = lastSegment(url);
  if (!written) return undefined;
  const exact = files.find((name) => name === written);
  const wanted = normalisedName(written);
  return exact ?? files.find((name) => typedName(name) === wanted);
}

/**
 * The same for files chosen in a form but not uploaded yet (the editor's preview): the chosen file whose
 * name matches, as the server will store it, and its local address (`URL.createObjectURL`).
 */
export function chosenImageUrl(url: string, chosen: ReadonlyMap<string, string>): string | undefined {
  if (/^https:\/\//i.test(url) || chosen.size === 0) return undefined;
  const written = lastSegment(url);
  return written ? chosen.get(normalisedName(written)) : undefined;
}

/** The key `chosenImageUrl` looks a chosen file up by. */
export const chosenFileKey = (file: File): string => normalisedName(file.name);

// `![caption](address)` and `![caption](address "title")`: the addresses of the images in markdown.
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g;

/** The attachments the markdown already shows as images, so a list below need not repeat them. */
export function attachmentsShownIn(markdown: string, files: readonly string[]): Set<string> {
  const shown = new Set<string>();
  for (const match of markdown.matchAll(MARKDOWN_IMAGE)) {
    const name = matchingAttachment(match[1] ?? '', files);
    if (name) shown.add(name);
  }
  return shown;
}
