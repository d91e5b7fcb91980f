/**
 * Markdown to EPUB XHTML (tools/epub/markdown.ts): no raw HTML, scripts or unsafe links reach a book;
 * images resolve to files in the book or fall back to a link or their text; links point only outside
 * or to ids that exist; the output is well-formed XML whatever the member wrote.
 */
import { describe, expect, it } from 'vitest';
import { markdownToXhtml } from '../../src/tools/epub/markdown';

const none = () => null;

describe('markdown as EPUB XHTML', () => {
  it('drops raw HTML, scripts and javascript: links', () => {
    const out = markdownToXhtml(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) **bold**',
      none,
    );
    expect(out).not.toMatch(/<script|onerror|javascript:|<img/);
    expect(out).toContain('<strong>bold</strong>');
  });

  it('resolves attachment images, links https images and keeps the text of the rest', () => {
    const out = markdownToXhtml('![Map](map.png) ![Far](https://example.com/a.png) ![Lost](lost.png)', (a) =>
      a === 'map.png' ? 'images/image-1.png' : null,
    );
    expect(out).toContain('<img src="images/image-1.png" alt="Map"/>');
    expect(out).toContain('<a href="https://example.com/a.png">Far</a>');
    expect(out).toContain('Lost');
    expect(out).not.toContain('lost.png');
  });

  it('keeps outside and footnote links, drops links to pages and ids the book lacks', () => {
    const out = markdownToXhtml(
      'Note[^1] [site](https://example.com) [page](/stories/abc) [nowhere](#nope)\n\n[^1]: The note.',
      none,
    );
    expect(out).toContain('href="#user-content-fn-1"');
    expect(out).toContain('id="user-content-fn-1"');
    expect(out).toContain('<a href="https://example.com">site</a>');
    expect(out).toContain('<a>page</a>');
    expect(out).toContain('<a>nowhere</a>');
  });

  it('writes well-formed XML: escaped text, valued attributes, no control characters, no align', () => {
    const out = markdownToXhtml(
      'A & B < C \u0001\u0000 done\n\n- [x] ticked\n\n| a | b |\n|:-|-:|\n| 1 | 2 |',
      none,
    );
    // CommonMark turns NUL into U+FFFD; other control characters go.
    expect(out).toContain('A &amp; B &lt; C \uFFFD done');
    expect(out).toContain('<input type="checkbox" checked="checked" disabled="disabled"/>');
    expect(out).toContain('<td style="text-align: right">2</td>');
    expect([...out].filter((char) => char.charCodeAt(0) < 9)).toEqual([]);
    expect(out).not.toContain(' align=');
  });
});
