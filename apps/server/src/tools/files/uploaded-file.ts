/**
 * A file received in a request body, before it is checked and stored. The content is kept in memory
 * only up to the cap its form key allows; beyond that just the size is counted, so an oversized
 * upload costs no memory and still gets a precise field error.
 */
export class UploadedFile {
  constructor(
    /** The name the client gave (untrusted; only used to derive the stored name). */
    readonly originalName: string,
    /** Bytes received, including any beyond the cap. */
    readonly size: number,
    /** The content, or null when the upload went over its cap and was discarded. */
    readonly content: Buffer | null,
  ) {}

  get overCap(): boolean {
    return this.content === null;
  }
}

export const isUpload = (value: unknown): value is UploadedFile => value instanceof UploadedFile;
