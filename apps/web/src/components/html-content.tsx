import { Typography } from '@mantine/core';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { sanitizeHtml } from '../lib/sanitize-html';

/** True for a plain left click that the browser would turn into a same-tab navigation. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Stored HTML (page records) rendered through the allow-list sanitiser. Links to our own paths are
 * handed to the router, so following "/help/rules" inside a page does not reload the whole app.
 */
export function HtmlContent({ html }: { html: string }) {
  const navigate = useNavigate();
  const safeHtml = useMemo(() => sanitizeHtml(html), [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || !isPlainClick(event)) return;
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    // Sanitised above. The click handler only intercepts clicks on the links inside.
    <Typography onClick={onClick} dangerouslySetInnerHTML={{ __html: safeHtml }} />
  );
}
