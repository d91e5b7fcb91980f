/**
 * Image dimensions read from the file header alone, so a decompression bomb (a small file that
 * claims a huge canvas) is refused before any decoder allocates pixels for it.
 */
import sharp from 'sharp';

export interface Dimensions {
  width: number;
  height: number;
}

function png(bytes: Buffer): Dimensions | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gif(bytes: Buffer): Dimensions | null {
  if (bytes.length < 10) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

function webp(bytes: Buffer): Dimensions | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic), which carry the size. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Buffer): Dimensions | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / start of scan before any frame
    const length = bytes.readUInt16BE(offset + 2);
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

const READERS: Record<string, (bytes: Buffer) => Dimensions | null> = {
  'image/png': png,
  'image/gif': gif,
  'image/webp': webp,
  'image/jpeg': jpeg,
};

/** Types whose pixel count is checked on upload. */
export function isRasterImage(type: string): boolean {
  return (
    type in READERS || ['image/avif', 'image/heic', 'image/heif', 'image/tiff', 'image/bmp'].includes(type)
  );
}

/**
 * The declared size of a raster image, or null when the header cannot be read. Common formats are
 * parsed here; the rest ask libvips for its header metadata, which does not decode pixels either.
 */
export async function imageDimensions(bytes: Buffer, type: string): Promise<Dimensions | null> {
  const reader = READERS[type];
  if (reader) return reader(bytes);
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}
