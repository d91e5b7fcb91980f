/** The building blocks in tools/files: sniffing, names, header dimensions, thumbs, the semaphore, storage. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageDimensions } from '../../src/tools/files/image-size';
import { isSafeFileName, snakeCase, storedFileName } from '../../src/tools/files/names';
import { Semaphore } from '../../src/tools/files/semaphore';
import { isInlineType, sniffType } from '../../src/tools/files/sniff';
import { LocalFileStorage, isValidKey, readAll, readStart } from '../../src/tools/files/storage';
import { parseThumbSize, renderThumb } from '../../src/tools/files/thumbs';
import { HTML, PDF, SVG, jpeg, png, pngHeaderOnly } from './support';

describe('sniffType', () => {
  it('recognises images by magic bytes', async () => {
    expect(sniffType(await png(3, 3))).toBe('image/png');
    expect(sniffType(await jpeg(3, 3))).toBe('image/jpeg');
    expect(
      sniffType(
        await sharp(await png(3, 3))
          .gif()
          .toBuffer(),
      ),
    ).toBe('image/gif');
    expect(
      sniffType(
        await sharp(await png(3, 3))
          .webp()
          .toBuffer(),
      ),
    ).toBe('image/webp');
    expect(
      sniffType(
        await sharp(await png(16, 16))
          .avif()
          .toBuffer(),
      ),
    ).toBe('image/avif');
    expect(
      sniffType(
        await sharp(await png(3, 3))
          .tiff()
          .toBuffer(),
      ),
    ).toBe('image/tiff');
  });

  it('recognises PDF, markup, text and binary', () => {
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(HTML)).toBe('text/html');
    expect(sniffType(Buffer.from('  \n<p>hi</p>'))).toBe('text/html');
    expect(sniffType(Buffer.from('<!-- c --><div>x</div>'))).toBe('text/html');
    expect(sniffType(SVG)).toBe('image/svg+xml');
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(sniffType(Buffer.from('<?xml version="1.0"?><note/>'))).toBe('text/xml');
    expect(sniffType(Buffer.from('<!-- drawn by hand --><svg viewBox="0 0 1 1"/>'))).toBe('image/svg+xml');
    expect(
      sniffType(
        Buffer.from('<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'),
      ),
    ).toBe('image/svg+xml');
    expect(sniffType(Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">'))).toBe(
      'text/html',
    );
    expect(sniffType(Buffer.from('<abbr>not html</abbr>'))).toBe('text/plain');
    expect(sniffType(Buffer.from('Grüße, plain text\n'))).toBe('text/plain');
    expect(sniffType(Buffer.from([0, 1, 2, 3, 255, 254]))).toBe('application/octet-stream');
    expect(sniffType(Buffer.alloc(0))).toBe('text/plain');
  });

  it('never lets SVG or HTML display inline', () => {
    expect(isInlineType('image/svg+xml')).toBe(false);
    expect(isInlineType('text/html')).toBe(false);
    expect(isInlineType('image/png')).toBe(true);
    expect(isInlineType('application/pdf')).toBe(true);
    expect(isInlineType('video/mp4')).toBe(true);
  });
});

describe('storedFileName', () => {
  const suffix = '[a-z0-9]{10}';
  it.each([
    ['My Photo.PNG', 'image/png', new RegExp(`^my_photo_${suffix}\\.PNG$`)],
    ['myHolidayPhoto.jpeg', 'image/jpeg', new RegExp(`^my_holiday_photo_${suffix}\\.jpeg$`)],
    ['../../x.png', 'image/png', new RegExp(`^x${suffix}_${suffix}\\.png$`)],
    ['..\\..\\windows\\evil.exe', 'application/octet-stream', new RegExp(`^evil_${suffix}\\.exe$`)],
    ['backup.tar.gz', 'application/gzip', new RegExp(`^backup_${suffix}\\.tar\\.gz$`)],
    ['scan', 'application/pdf', new RegExp(`^scan_${suffix}\\.pdf$`)],
    ['', 'image/png', new RegExp(`^${suffix}_${suffix}\\.png$`)],
    ['weird.p<h>p', 'text/plain', new RegExp(`^weird_${suffix}\\.php$`)],
    ['.env', 'text/plain', new RegExp(`^${suffix}_${suffix}\\.env$`)],
  ])('%j -> safe name', (original, type, pattern) => {
    const name = storedFileName(original, type);
    expect(name).toMatch(pattern);
    expect(isSafeFileName(name)).toBe(true);
  });

  it('bounds the length and randomises every name', () => {
    const long = storedFileName(`${'a'.repeat(500)}.${'b'.repeat(40)}`, 'text/plain');
    expect(long.length).toBeLessThanOrEqual(100 + 11 + 21);
    expect(storedFileName('same.txt', 'text/plain')).not.toBe(storedFileName('same.txt', 'text/plain'));
  });

  it('snake-cases words and humps', () => {
    expect(snakeCase('HTTPServer config-File v2')).toBe('http_server_config_file_v2');
  });

  it('isSafeFileName refuses paths and dotfiles', () => {
    for (const bad of ['', '.hidden', 'a/b', 'a\\b', '..', 'x'.repeat(151), 'a\u0000b']) {
      expect(isSafeFileName(bad)).toBe(false);
    }
  });
});

describe('imageDimensions', () => {
  it('reads the header of each common format', async () => {
    expect(await imageDimensions(await png(31, 17), 'image/png')).toEqual({ width: 31, height: 17 });
    expect(await imageDimensions(await jpeg(31, 17), 'image/jpeg')).toEqual({ width: 31, height: 17 });
    const gif = await sharp(await png(31, 17))
      .gif()
      .toBuffer();
    expect(await imageDimensions(gif, 'image/gif')).toEqual({ width: 31, height: 17 });
    for (const options of [{ lossless: true }, { lossless: false }]) {
      const webp = await sharp(await png(31, 17))
        .webp(options)
        .toBuffer();
      expect(await imageDimensions(webp, 'image/webp')).toEqual({ width: 31, height: 17 });
    }
    const avif = await sharp(await png(32, 18))
      .avif()
      .toBuffer();
    expect(await imageDimensions(avif, 'image/avif')).toEqual({ width: 32, height: 18 });
  });

  it('reads what a header claims without decoding anything', async () => {
    expect(await imageDimensions(pngHeaderOnly(20_000, 20_000), 'image/png')).toEqual({
      width: 20_000,
      height: 20_000,
    });
  });
});

describe('thumbnails', () => {
  it('parses every PocketBase size format', () => {
    expect(parseThumbSize('100x50')).toEqual({ width: 100, height: 50, mode: 'center' });
    expect(parseThumbSize('100x50t')).toEqual({ width: 100, height: 50, mode: 'top' });
    expect(parseThumbSize('100x50b')).toEqual({ width: 100, height: 50, mode: 'bottom' });
    expect(parseThumbSize('100x50f')).toEqual({ width: 100, height: 50, mode: 'fit' });
    expect(parseThumbSize('0x50')).toEqual({ width: 0, height: 50, mode: 'scale' });
    expect(parseThumbSize('100x0')).toEqual({ width: 100, height: 0, mode: 'scale' });
    for (const bad of ['0x0', '100', 'x100', '100x50z', '-1x5', '100X50', '1000000x1']) {
      expect(parseThumbSize(bad)).toBeNull();
    }
  });

  it.each([
    ['80x80', 80, 80],
    ['80x80t', 80, 80],
    ['80x80b', 80, 80],
    ['80x80f', 80, 40],
    ['0x40', 80, 40],
    ['50x0', 50, 25],
    ['300x300f', 200, 100], // fit never enlarges
  ])('%s from 200x100 -> %ix%i', async (size, width, height) => {
    const out = await renderThumb(await png(200, 100), 'image/png', parseThumbSize(size)!, 40_000_000);
    expect(await sharp(out).metadata()).toMatchObject({ width, height, format: 'png' });
  });

  it('keeps GIF, turns WebP into PNG', async () => {
    const gif = await sharp(await png(20, 20))
      .gif()
      .toBuffer();
    const webp = await sharp(await png(20, 20))
      .webp()
      .toBuffer();
    const spec = parseThumbSize('10x10')!;
    expect((await sharp(await renderThumb(gif, 'image/gif', spec, 1e6)).metadata()).format).toBe('gif');
    expect((await sharp(await renderThumb(webp, 'image/webp', spec, 1e6)).metadata()).format).toBe('png');
  });

  it('refuses to decode a source or produce a thumb over the pixel cap', async () => {
    const spec = parseThumbSize('10x10')!;
    await expect(renderThumb(pngHeaderOnly(20_000, 20_000), 'image/png', spec, 40_000_000)).rejects.toThrow();
    await expect(renderThumb(await png(100, 100), 'image/png', spec, 5_000)).rejects.toThrow(/pixel/);
    await expect(
      renderThumb(await png(10, 1000), 'image/png', parseThumbSize('5000x0')!, 40_000_000),
    ).rejects.toThrow(/pixel/);
  });
});

describe('Semaphore', () => {
  it('never runs more than its limit at once and gives up after the maximum wait', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
    };
    await Promise.all(Array.from({ length: 7 }, () => gate.run(task)));
    expect(peak).toBe(2);
    const slow = gate.run(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const slow2 = gate.run(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await expect(gate.run(task, 10)).rejects.toThrow(/timed out/);
    await Promise.all([slow, slow2]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('LocalFileStorage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'community-storage-'));
  const storage = new LocalFileStorage(root);

  it('puts, streams, ranges, stats and deletes', async () => {
    await storage.put('c/r/a.txt', Buffer.from('hello world'));
    await storage.put('c/r/b.txt', Readable.from([Buffer.from('streamed')]));
    expect((await readAll(storage, 'c/r/a.txt')).toString()).toBe('hello world');
    expect((await readAll(storage, 'c/r/b.txt')).toString()).toBe('streamed');
    expect((await readStart(storage, 'c/r/a.txt', 5)).toString()).toBe('hello');
    expect(await storage.stat('c/r/a.txt')).toMatchObject({ size: 11 });
    expect(await storage.exists('c/r/missing')).toBe(false);
    await storage.delete('c/r/a.txt');
    expect(await storage.exists('c/r/a.txt')).toBe(false);
    await storage.deletePrefix('c/r/');
    expect(fs.readdirSync(root)).toEqual([]); // empty directories are pruned
    await storage.delete('c/r/never-existed');
  });

  it('leaves one whole version when two writers race (written aside, then renamed)', async () => {
    const first = Buffer.alloc(300_000, 'a');
    const second = Buffer.alloc(200_000, 'b');
    for (let round = 0; round < 5; round++) {
      await Promise.all([storage.put('race/r/x', first), storage.put('race/r/x', second)]);
      const stored = await readAll(storage, 'race/r/x');
      expect(stored.equals(first) || stored.equals(second)).toBe(true);
    }
    expect(fs.readdirSync(path.join(root, 'race', 'r'))).toEqual(['x']); // no temporary file left
  });

  it('passes the start check where it can write, and says why where it cannot', async () => {
    await expect(new LocalFileStorage(path.join(root, 'fresh', 'storage')).check()).resolves.toBeUndefined();
    expect(fs.statSync(path.join(root, 'fresh', 'storage')).isDirectory()).toBe(true);
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    await expect(new LocalFileStorage(path.join(file, 'storage')).check()).rejects.toThrow(/is not writable/);
    fs.rmSync(path.join(root, 'fresh'), { recursive: true });
    fs.rmSync(file);
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', '', 'a/./b', 'a\u0000']) {
      expect(isValidKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(RangeError);
    }
    await expect(storage.getStream('../outside')).rejects.toThrow(RangeError);
  });
});
