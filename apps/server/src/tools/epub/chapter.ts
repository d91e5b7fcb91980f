/**
 * One chapter's body, as a worker renders it (tools/workers): the markdown checked against
 * ./markdown-bounds.ts, then rendered by ./markdown.ts with its images resolved to the book's files.
 * Input and answer are plain data, so they cross to a worker thread as they are.
 */
import { attachmentFor } from './attachment-names';
import { markdownToXhtml } from './markdown';
import { markdownComplexity } from './markdown-bounds';

export interface ChapterTask {
  kind: 'epub-chapter';
  markdown: string;
  /** The stored name of each image (as the markdown names it) and where the book puts it. */
  images: Array<{ name: string; href: string }>;
}

export type ChapterResult =
  /** The chapter's body as an XHTML fragment, and which of `images` (indexes) it shows. */
  | { xhtml: string; used: number[] }
  /** Why it was not rendered: a bound of markdown-bounds.ts, in words for the member. */
  | { refused: string };

export function renderChapter(task: ChapterTask): ChapterResult {
  const refused = markdownComplexity(task.markdown);
  if (refused) return { refused };
  const names = task.images.map((image) => image.name);
  const used = new Set<number>();
  const xhtml = markdownToXhtml(task.markdown, (address) => {
    const found = attachmentFor(address, names);
    if (found === null) return null;
    used.add(found);
    return task.images[found]!.href;
  });
  return { xhtml, used: [...used].sort((a, b) => a - b) };
}
