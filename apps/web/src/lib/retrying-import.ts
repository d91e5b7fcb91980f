/**
 * A screen's code, loaded again when loading it failed: a server restarting or a network blip makes
 * one attempt fail, and the next one, a moment later, usually works. After the last attempt the error
 * goes to the route's error view, which offers to try again (a reload, which also picks up new file
 * names after a deploy).
 */
export const IMPORT_RETRY_DELAYS_MS = [300, 1200];

export function retryingImport<T>(load: () => Promise<T>, delays = IMPORT_RETRY_DELAYS_MS): () => Promise<T> {
  return async () => {
    for (const delay of delays) {
      try {
        return await load();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    return load();
  };
}

/** Whether an error is a failed load of a screen's code (each browser words it its own way). */
export function isCodeLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|module script failed|Loading chunk|Failed to fetch/i.test(message);
}
