/**
 * Backups are zip files, as PocketBase's are: written with yazl (already used for EPUB books),
 * read with yauzl from the same author. Extraction refuses any entry whose path would land outside
 * the target directory (absolute paths, `..`), so an uploaded archive cannot write elsewhere.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** Zips `files` (paths inside the archive -> files on disk) and every file under `dirs`. */
export async function writeZip(
  zipPath: string,
  content: { files: Record<string, string>; dirs: Record<string, string>; json: Record<string, unknown> },
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, value] of Object.entries(content.json))
    zip.addBuffer(Buffer.from(JSON.stringify(value, null, 2)), name);
  for (const [name, file] of Object.entries(content.files)) zip.addFile(file, name);
  for (const [prefix, dir] of Object.entries(content.dirs)) {
    zip.addEmptyDirectory(prefix);
    for (const relative of await filesUnder(dir))
      zip.addFile(path.join(dir, relative), `${prefix}/${relative}`);
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(zipPath));
}

async function filesUnder(dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Whether the file starts as a zip archive does (a local file header, or an empty archive). */
export async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
  } finally {
    await handle.close();
  }
}

/** Extracts the archive into `dir` (created); rejects on a damaged archive or an unsafe entry. */
export async function extractZip(zipPath: string, dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true });
  const root = path.resolve(dir);
  const zip = await yauzl.openPromise(zipPath, {
    lazyEntries: true,
    strictFileNames: true,
    autoClose: false,
  });
  try {
    for await (const entry of zip.eachEntry()) {
      const target = path.resolve(root, entry.fileName);
      if (target !== root && !target.startsWith(root + path.sep))
        throw new Error(`the backup holds an entry outside its folder: ${entry.fileName}`);
      if (entry.fileName.endsWith('/')) {
        await fsp.mkdir(target, { recursive: true });
        continue;
      }
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(await zip.openReadStreamPromise(entry), fs.createWriteStream(target));
    }
  } finally {
    zip.close();
  }
}
