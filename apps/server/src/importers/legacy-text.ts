/**
 * Text from old archives' databases. Their tables are often declared latin1 while holding UTF-8 (a PHP
 * site writing its pages' bytes as they came) or Windows-1252 (what MySQL's "latin1" really is), even
 * mixed within one table. Importers therefore read the raw bytes of every text column, never converted
 * by the server, and decode each value here: UTF-8 when the bytes are valid UTF-8, else Windows-1252.
 * Windows-1252 text with accented letters or curly quotes is practically never valid UTF-8 by accident,
 * while UTF-8 text read as Windows-1252 is exactly the mojibake ("Ã©", "â€™") this avoids.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Windows-1252 is Latin-1 but for 0x80-0x9F, where it has curly quotes, dashes, the euro sign...
 * (five of those bytes stay undefined and read as the control characters Latin-1 has there). Node's
 * TextDecoder('windows-1252') decodes them as Latin-1's control characters instead, so the table is here.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    out += String.fromCharCode(byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte);
  }
  return out;
}
const NUL = '\u0000';

/** A column's bytes as text; NUL characters (which PostgreSQL refuses in text) are dropped. */
export function decodeLegacyText(bytes: Uint8Array | string | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (typeof bytes === 'string') return bytes.replaceAll(NUL, '');
  let decoded: string;
  try {
    decoded = utf8.decode(bytes);
  } catch {
    decoded = decodeWindows1252(bytes);
  }
  // A byte-order mark some editors put at the start of pasted text is no part of it.
  return decoded.replace(/^\uFEFF/, '').replaceAll(NUL, '');
}
