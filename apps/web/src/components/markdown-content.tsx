import { lazy, Suspense } from 'react';
import { PageLoader } from './page-loader';

/**
 * Member-written markdown (stories; later forum posts and comments) with GitHub's extensions (tables,
 * strikethrough, task lists, autolinks), rendered safely.
 *
 * The renderer is the heaviest code of any screen, so it loads on demand, in two chunks fetched side by
 * side (the renderer with its sanitiser, and the GFM parser extensions), each within the budget of a
 * route chunk.
 */
const LazyMarkdown = lazy(async () => {
  const [{ MarkdownView }, { default: remarkGfm }] = await Promise.all([
    import('./markdown-view'),
    import('remark-gfm'),
  ]);
  const plugins = [remarkGfm];
  return {
    default: ({ markdown }: { markdown: string }) => (
      <MarkdownView markdown={markdown} remarkPlugins={plugins} />
    ),
  };
});

export function MarkdownContent({ markdown }: { markdown: string }) {
  return (
    <Suspense fallback={<PageLoader label="Loading the text" />}>
      <LazyMarkdown markdown={markdown} />
    </Suspense>
  );
}
