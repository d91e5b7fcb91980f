/**
 * Content sniffing: a file's type is read from its first bytes (magic numbers), never from its name
 * or the type the client declared. Text formats a browser would execute (HTML, SVG) are recognised
 * from their leading markup so they can be refused or served as inert downloads.
 */

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 4096;

export const OCTET_STREAM = 'application/octet-stream';

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0): boolean =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

const ascii = (head: Uint8Array, from: number, to: number): string =>
  Buffer.from(head.subarray(from, Math.min(to, head.length))).toString('latin1');

/** ISO base media files (`....ftyp<brand>`): AVIF, HEIC/HEIF, MP4, QuickTime. */
function isoMediaType(head: Uint8Array): string | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const brand = ascii(head, 8, 12);
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(brand)) return 'image/heic';
  if (brand === 'mif1' || brand === 'msf1') return 'image/heif';
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand.startsWith('M4A')) return 'audio/mp4';
  if (brand.startsWith('3gp')) return 'video/3gpp';
  return 'video/mp4';
}

const BINARY_SIGNATURES: Array<{ bytes: readonly number[]; type: string; offset?: number }> = [
  { bytes: [0xff, 0xd8, 0xff], type: 'image/jpeg' },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: 'image/png' },
  { bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61], type: 'image/gif' },
  { bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], type: 'image/gif' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], type: 'application/pdf' },
  { bytes: [0x49, 0x49, 0x2a, 0x00], type: 'image/tiff' },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], type: 'image/tiff' },
  { bytes: [0x00, 0x00, 0x01, 0x00], type: 'image/x-icon' },
  { bytes: [0x1a, 0x45, 0xdf, 0xa3], type: 'video/webm' },
  { bytes: [0x4f, 0x67, 0x67, 0x53], type: 'audio/ogg' },
  { bytes: [0x49, 0x44, 0x33], type: 'audio/mpeg' },
  { bytes: [0x66, 0x4c, 0x61, 0x43], type: 'audio/flac' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], type: 'application/zip' },
  { bytes: [0x1f, 0x8b], type: 'application/gzip' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], type: 'application/x-7z-compressed' },
];

function binaryType(head: Uint8Array): string | null {
  if (ascii(head, 0, 4) === 'RIFF') {
    const kind = ascii(head, 8, 12);
    if (kind === 'WEBP') return 'image/webp';
    if (kind === 'WAVE') return 'audio/wav';
    if (kind === 'AVI ') return 'video/x-msvideo';
  }
  const iso = isoMediaType(head);
  if (iso) return iso;
  for (const signature of BINARY_SIGNATURES) {
    if (startsWith(head, signature.bytes, signature.offset)) return signature.type;
  }
  // BMP: "BM", then a reserved zero word at offset 6 keeps plain text starting with "BM" out.
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 10 && head[6] === 0 && head[7] === 0)
    return 'image/bmp';
  return null;
}

/** Tags whose presence at the start of a document makes browsers treat it as HTML (WHATWG sniffing). */
const HTML_OPENERS = [
  '<!doctype html',
  '<html',
  '<head',
  '<body',
  '<script',
  '<iframe',
  '<style',
  '<title',
  '<table',
  '<font',
  '<div',
  '<br',
  '<h1',
  '<a',
  '<b',
  '<p',
  '<!--',
];

/** True when the bytes decode as UTF-8 text without control characters (a cut-off last character is fine). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return true;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  // Replacement characters are allowed only at the very end, where the sample may split a character.
  const body = text.replace(/\uFFFD{1,3}$/, '');
  if (body.includes('\uFFFD')) return false;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    // Tab, line feed, form feed, carriage return and escape occur in text; other controls do not.
    if ((code < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(code)) || code === 0x7f) return false;
  }
  return true;
}

function startsAsHtml(text: string): boolean {
  return HTML_OPENERS.some((opener) => {
    if (!text.startsWith(opener)) return false;
    const next = text.charAt(opener.length);
    // `<a` must be the whole tag name (`<a>` or `<a href`), not `<abbr` or `<article`.
    return opener === '<!--' || next === '' || /[\s>/]/.test(next);
  });
}

/** Drops what may precede an SVG root: XML declarations, comments and an SVG doctype. */
function skipProlog(text: string): string {
  let rest = text;
  for (;;) {
    const match = /^(?:<\?xml[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*/.exec(
      rest,
    );
    if (!match) return rest;
    rest = rest.slice(match[0].length);
  }
}

function markupType(text: string): string | null {
  const trimmed = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (!trimmed.startsWith('<')) return null;
  const root = skipProlog(trimmed);
  if (/^<svg[\s>/]/.test(root)) return 'image/svg+xml';
  if (startsAsHtml(root) || startsAsHtml(trimmed)) return 'text/html';
  if (/<svg[\s>]/.test(root)) return 'image/svg+xml';
  if (trimmed.startsWith('<?xml')) return 'text/xml';
  return null;
}

/**
 * The media type of content from its first bytes (pass at least `SNIFF_BYTES` when available):
 * known binary signatures, then HTML/SVG/XML markup, then UTF-8 text, else `application/octet-stream`.
 */
export function sniffType(head: Uint8Array): string {
  const binary = binaryType(head);
  if (binary) return binary;
  const sample = head.subarray(0, SNIFF_BYTES);
  if (!looksLikeText(sample)) return OCTET_STREAM;
  const text = Buffer.from(sample).toString('utf8');
  return markupType(text) ?? 'text/plain';
}

/** The extension given to an upload that arrived without one. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/heic': '.heic',
  'image/heif': '.heif',
  'image/tiff': '.tiff',
  'image/bmp': '.bmp',
  'image/x-icon': '.ico',
  'image/svg+xml': '.svg',
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'application/gzip': '.gz',
  'application/x-7z-compressed': '.7z',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
  'video/3gpp': '.3gp',
  'video/x-msvideo': '.avi',
  'audio/mp4': '.m4a',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/wav': '.wav',
  'audio/flac': '.flac',
  'text/html': '.html',
  'text/xml': '.xml',
  'text/plain': '.txt',
};

export function extensionForType(type: string): string {
  return EXTENSIONS[type] ?? '';
}

/** Types browsers may show in the page; everything else is served as a download (SVG included). */
export function isInlineType(type: string): boolean {
  return (
    ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon', 'image/bmp'].includes(type) ||
    type === 'application/pdf' ||
    type.startsWith('video/') ||
    type.startsWith('audio/')
  );
}

/** The `Content-Type` header for a sniffed type: text gets an explicit charset. */
export function contentTypeHeader(type: string): string {
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}
