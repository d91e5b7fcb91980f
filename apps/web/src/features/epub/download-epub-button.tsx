import { Button } from '@mantine/core';
import { useDownloadEpub, type BookKind } from './api/download-epub';

/**
 * "Download EPUB" (PRODUCT.md §14): the story, or the series with its chapters, as an e-book file.
 * Composed in by the app on the story and series pages.
 */
export function DownloadEpubButton({ kind, id }: { kind: BookKind; id: string }) {
  const download = useDownloadEpub(kind, id);
  return (
    <Button size="xs" variant="default" loading={download.isPending} onClick={() => download.mutate()}>
      Download EPUB
    </Button>
  );
}
