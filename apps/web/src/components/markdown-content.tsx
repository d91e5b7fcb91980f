import { Code } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session';
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
  /**
   * Always formatted, whatever the reader's "Show markdown source" setting: an editor's preview is
   * there to show the formatting.
   */
  preview?: boolean;
}

/**
 * The text as its writer typed it, for a reader who chose "Show markdown source" (spec part 1 §2
 * Settings): nothing is interpreted, so no sanitising is needed beyond React's own escaping.
 */
function MarkdownSource({ markdown }: { markdown: string }) {
  return (
    <Code block data-markdown-source style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {markdown}
    </Code>
  );
}

export function MarkdownContent({ preview = false, ...props }: MarkdownContentProps) {
  const session = useSession();
  if (!preview && session.user?.settings?.show_markdown_source === true)
    return <MarkdownSource markdown={props.markdown} />;
  return (
    <Suspense fallback={<PageLoader label="Loading the text" />}>
      <LazyMarkdown {...props} />
    </Suspense>
  );
}
