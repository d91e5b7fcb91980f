import { Typography } from '@mantine/core';
import Markdown, { type Options } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

type PluggableList = NonNullable<Options['remarkPlugins']>;

// The HTML tree is cut down to GitHub's allow-list as the last step: no raw HTML, scripts, event
// handlers or javascript: links reach the page, whatever a member writes.
const REHYPE_PLUGINS: PluggableList = [rehypeSanitize];

export interface MarkdownViewProps {
  markdown: string;
  /** Parser extensions, loaded separately (see markdown-content.tsx). */
  remarkPlugins: PluggableList;
}

export function MarkdownView({ markdown, remarkPlugins }: MarkdownViewProps) {
  return (
    <Typography>
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={REHYPE_PLUGINS}>
        {markdown}
      </Markdown>
    </Typography>
  );
}
