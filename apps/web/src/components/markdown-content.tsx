import { lazy, Suspense } from 'react';
import { PageLoader } from './page-loader';

/**
 * Member-written markdown (stories, comments; later forum posts) with GitHub's extensions (tables,
 * strikethrough, task lists, autolinks), rendered safely.
 *
 * The renderer is the heaviest code of any screen, so it loads on demand, in two chunks fetched side by
 * side (the renderer with its sanitiser, and the GFM parser extensions), each within the budget of a
 * route chunk.
 */
const LazyMarkdown = lazy(async () => {
  const [{ MarkdownContentBody }, { default: remarkGfm }] = await Promise.all([
    import('./markdown-content.lazy'),
    import('remark-gfm'),
  ]);
  const plugins = [remarkGfm];
  return {
    default: (props: MarkdownContentProps) => <MarkdownContentBody {...props} remarkPlugins={plugins} />,
  };
});

export interface MarkdownContentProps {
  markdown: string;
  /** Rewrites image addresses, e.g. to the matching attachment (see lib/attachments.ts). */
  resolveImage?: (url: string) => string;
}

export function MarkdownContent(props: MarkdownContentProps) {
  return (
    <Suspense fallback={<PageLoader label="Loading the text" />}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
}
