/**
 * Thumbnails in PocketBase's size formats, rendered with sharp:
 *   `WxH`  crop to fill W×H around the centre     `WxHt` the same, keeping the top
 *   `WxHb` the same, keeping the bottom           `WxHf` fit inside W×H without cropping
 *   `0xH` / `Wx0` scale to that height / width, keeping the aspect ratio
 * Decoding is refused up front when the source claims more pixels than allowed.
 */
import sharp from 'sharp';

export type ThumbMode = 'center' | 'top' | 'bottom' | 'fit' | 'scale';

export interface ThumbSpec {
  width: number;
  height: number;
  mode: ThumbMode;
}

const SIZE = /^(\d{1,5})x(\d{1,5})(t|b|f)?$/;

/** The thumb a size string asks for, or null when it is not a valid size (`0x0` included). */
export function parseThumbSize(size: string): ThumbSpec | null {
  const match = SIZE.exec(size);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (width === 0 && height === 0) return null;
  if (width === 0 || height === 0) return { width, height, mode: 'scale' };
  const mode = match[3] === 't' ? 'top' : match[3] === 'b' ? 'bottom' : match[3] === 'f' ? 'fit' : 'center';
  return { width, height, mode };
}

/** How many pixels the thumb of a `width`×`height` source has (at most, for `fit`). */
export function outputPixels(spec: ThumbSpec, width: number, height: number): number {
  if (spec.mode !== 'scale') return spec.width * spec.height;
  return spec.width
    ? spec.width * Math.max(1, Math.round((height * spec.width) / width))
    : spec.height * Math.max(1, Math.round((width * spec.height) / height));
}

/** Source types thumbnails are made for. */
export const THUMBABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Renders a thumbnail. GIF and JPEG keep their format, anything else becomes PNG. Throws for
 * unreadable input or when the source or the result would exceed `maxPixels`.
 */
export async function renderThumb(
  input: Buffer,
  sourceType: string,
  spec: ThumbSpec,
  maxPixels: number,
): Promise<Buffer> {
  // limitInputPixels makes libvips check the header's dimensions before it decodes anything.
  let image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
  const { width = 0, height = 0 } = await image.metadata();
  if (!width || !height) throw new Error('image without dimensions');
  if (width * height > maxPixels) throw new RangeError('image over the pixel limit');
  if (outputPixels(spec, width, height) > maxPixels) throw new RangeError('thumbnail over the pixel limit');
  switch (spec.mode) {
    case 'scale':
      image = image.resize(spec.width || null, spec.height || null);
      break;
    case 'fit':
      image = image.resize(spec.width, spec.height, { fit: 'inside', withoutEnlargement: true });
      break;
    default:
      image = image.resize(spec.width, spec.height, {
        fit: 'cover',
        position: spec.mode === 'center' ? 'centre' : spec.mode,
      });
  }
  if (sourceType === 'image/gif') return image.gif().toBuffer();
  if (sourceType === 'image/jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  return image.png().toBuffer();
}
