import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import Markdown, { defaultUrlTransform, type Options, type UrlTransform } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import { remarkMentions } from './markdown-mentions';

type PluggableList = NonNullable<Options['remarkPlugins']>;

// The HTML tree is cut down to GitHub's allow-list as the last step: no raw HTML, scripts, event
// handlers or javascript: links reach the page, whatever a member writes.
const REHYPE_PLUGINS: PluggableList = [rehypeSanitize];

export interface MarkdownContentBodyProps {
  markdown: string;
  /** Parser extensions, loaded separately (see markdown-content.tsx). */
  remarkPlugins: PluggableList;
  /** Rewrites the address of each image, e.g. to the matching attachment (spec part 1 §5). */
  resolveImage?: (url: string) => string;
}

export function MarkdownContentBody({ markdown, remarkPlugins, resolveImage }: MarkdownContentBodyProps) {
  const plugins = useMemo(() => [...remarkPlugins, remarkMentions], [remarkPlugins]);
  // The rewritten address still passes the default filter, so an attachment can never smuggle in a scheme.
  // The one exception is a `blob:` address the app itself made for a file chosen in the editor (the
  // preview): only a rewrite can produce it, never what a member wrote.
  const urlTransform: UrlTransform = (url, key, node) => {
    if (!resolveImage || key !== 'src' || node.tagName !== 'img') return defaultUrlTransform(url);
    const resolved = resolveImage(url);
    return resolved !== url && resolved.startsWith('blob:') ? resolved : defaultUrlTransform(resolved);
  };
  return (
    <Typography>
      <Markdown remarkPlugins={plugins} rehypePlugins={REHYPE_PLUGINS} urlTransform={urlTransform}>
        {markdown}
      </Markdown>
    </Typography>
  );
}
