/**
 * Plain text out of stored HTML (tools/html-text.ts), as excerpts, search entries and summaries read
 * it: the same text as the usual patterns give for HTML as members write it, and an answer for text
 * those patterns take hours on (2 MB of unclosed `<` or `<script`, which a story may hold).
 */
import { describe, expect, it } from 'vitest';
import { withoutRawTextElements, withoutTags } from '../../src/tools/html-text';
import { excerpt } from '../../src/tools/picker';

const MB = 1024 * 1024;

describe('plain text out of HTML', () => {
  it.each([
    '<p>She looked <em>up</em>.</p><p>a &lt; b</p>',
    '<div class="x" data-a=\'1\'>text</div><br/><img src="a.png" alt="x">',
    'no tags at all, 3 < 4 and 5 > 2',
    '<p>one</p>\n<script>alert(1)</script><style>p{}</style>after',
    '<SCRIPT type="x">a</SCRIPT><svg><g/></svg><textarea>t</textarea> done',
  ])('reads %j as the usual patterns do', (html) => {
    const usual = html
      .replace(/<(script|style|svg|noscript|iframe|textarea|select|button|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' ');
    expect(withoutTags(withoutRawTextElements(html))).toBe(usual);
  });

  it('keeps a `<` that is never closed, and an opening tag without its closing one', () => {
    expect(withoutTags('a < b <em>c</em>')).toBe('a < b  c ');
    expect(withoutRawTextElements('<script>x <script>y</script> z')).toBe('  z');
    expect(withoutRawTextElements('<style>never closed <b>x</b>')).toBe('<style>never closed <b>x</b>');
  });

  it('answers for 2 MB of unclosed `<` and of unclosed `<script`', () => {
    expect(withoutTags('<'.repeat(2 * MB))).toHaveLength(2 * MB);
    expect(excerpt('<'.repeat(2 * MB), 10, true)).toBe('<<<<<<<<<<...');
    expect(excerpt('<script '.repeat(MB / 4), 8, false)).toBe('<script');
    expect(excerpt(`${'<p>x</p>'.repeat(MB / 8)}`, 5, true)).toBe('x x x...');
  });
});
