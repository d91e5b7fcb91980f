import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from '../src/components/markdown-content';
import { renderAt } from './render';

/** Member-written markdown as the story and comment pages render it. */
async function rendered(markdown: string) {
  const view = renderAt([{ path: '/', element: <MarkdownContent markdown={markdown} /> }], '/');
  await screen.findByText(/the end/);
  return view.container;
}

describe('@mentions in member-written markdown (issue 44)', () => {
  it('links each mention to the member’s profile', async () => {
    const page = await rendered('Thanks @Carol.Smith and @dave_9! the end');
    const links = [...page.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['@Carol.Smith', '/profiles/carol.smith'],
      ['@dave_9', '/profiles/dave_9'],
    ]);
  });

  it('leaves addresses, code, links and names too short for a username as they are', async () => {
    const page = await rendered(
      'Mail me@example.com, see [@bob’s page](https://example.com), `@inline`, @al, the end\n\n```\n@fenced\n```',
    );
    const hrefs = [...page.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['mailto:me@example.com', 'https://example.com']);
    expect(page.querySelector('code')?.textContent).toBe('@inline');
    expect(page.textContent).toContain('@al,');
  });
});
