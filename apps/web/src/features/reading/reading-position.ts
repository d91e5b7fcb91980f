/**
 * Where a reader is in a story's text: the blocks of the rendered markdown in document order, and the
 * last one whose top has scrolled into view. Kept apart from React so it is plain to read and to test.
 */
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, pre, table, hr, blockquote';

export function blocksOf(container: Element | null): Element[] {
  return container ? Array.from(container.querySelectorAll(BLOCKS)) : [];
}

export interface Position {
  paragraph: number;
  paragraphs: number;
  finished: boolean;
}

/** The reader's position in `container`, or null while its text has not rendered yet. */
export function currentPosition(container: Element | null, viewportHeight: number): Position | null {
  const blocks = blocksOf(container);
  if (blocks.length === 0) return null;
  let paragraph = 0;
  blocks.forEach((block, index) => {
    if (block.getBoundingClientRect().top < viewportHeight) paragraph = index;
  });
  const last = blocks[blocks.length - 1]!;
  const finished = paragraph === blocks.length - 1 && last.getBoundingClientRect().bottom <= viewportHeight;
  return { paragraph, paragraphs: blocks.length, finished };
}
