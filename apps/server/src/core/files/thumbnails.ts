/**
 * Thumbnails made on first request and kept beside the original
 * (`<collectionId>/<recordId>/thumbs_<name>/<size>_<name>`). Generation is bounded: a few at a time
 * (a semaphore with a maximum wait), and concurrent requests for the same thumb share one render.
 * Any failure means "serve the original", as PocketBase does.
 */
import os from 'node:os';
import { Semaphore } from '../../tools/files/semaphore';
import { readAll, type FileStorage } from '../../tools/files/storage';
import { parseThumbSize, renderThumb } from '../../tools/files/thumbs';
import { MAX_IMAGE_PIXELS, fileKey, thumbKey } from './record-files';

export interface ThumbnailOptions {
  /** Renders at once (default: the CPU count, between 1 and 4). */
  concurrency?: number;
  /** How long a request waits for a free slot before it gets the original instead. */
  maxWaitMs?: number;
}

export class ThumbnailCache {
  private readonly gate: Semaphore;
  private readonly maxWaitMs: number;
  private readonly pending = new Map<string, Promise<boolean>>();

  constructor(
    private readonly storage: FileStorage,
    options: ThumbnailOptions = {},
  ) {
    this.gate = new Semaphore(options.concurrency ?? Math.max(1, Math.min(4, os.availableParallelism())));
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
  }

  /** Renders in progress and waiting, for tests and metrics. */
  get load(): { active: number; waiting: number } {
    return this.gate.load;
  }

  /**
   * The storage key of the `size` thumb of a stored image, rendering it if needed; null when the
   * original should be served instead (bad size, unreadable or oversized image, too busy).
   */
  async thumbFor(
    collectionId: string,
    recordId: string,
    name: string,
    size: string,
    sourceType: string,
  ): Promise<string | null> {
    const spec = parseThumbSize(size);
    if (!spec) return null;
    const key = thumbKey(collectionId, recordId, name, size);
    if (await this.storage.exists(key)) return key;
    let render = this.pending.get(key);
    if (!render) {
      render = this.render(fileKey(collectionId, recordId, name), key, async (source) =>
        renderThumb(source, sourceType, spec, MAX_IMAGE_PIXELS),
      ).finally(() => this.pending.delete(key));
      this.pending.set(key, render);
    }
    return (await render) ? key : null;
  }

  private async render(
    sourceKey: string,
    key: string,
    draw: (source: Buffer) => Promise<Buffer>,
  ): Promise<boolean> {
    try {
      return await this.gate.run(async () => {
        if (await this.storage.exists(key)) return true;
        const thumb = await draw(await readAll(this.storage, sourceKey));
        await this.storage.put(key, thumb);
        return true;
      }, this.maxWaitMs);
    } catch {
      return false;
    }
  }
}
