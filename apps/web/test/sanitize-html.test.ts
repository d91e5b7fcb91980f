import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../src/lib/sanitize-html';

describe('sanitizeHtml: the allow-list for page content', () => {
  it.each([
    ['keeps ordinary markup', '<h2>Rules</h2><p>Be <strong>kind</strong>, <em>always</em>.</p>'],
    [
      'keeps lists and tables',
      '<ul><li>One</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    ],
    ['keeps safe anchors for hash links', '<h3 id="age-limit">Age</h3><a href="#age-limit">Jump</a>'],
    [
      'keeps relative and mailto links',
      '<a href="/help/rules">Rules</a> <a href="mailto:mods@example.org">Mail</a>',
    ],
    ['keeps https images', '<img src="https://example.org/a.png" alt="A">'],
  ])('%s', (_name, html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['drops scripts with their content', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    // (iframes are dropped too; happy-dom, unlike browsers, tries to load one even in a parsed document)
    ['drops styles and noscript', '<style>p{}</style><noscript><p>y</p></noscript><p>x</p>', '<p>x</p>'],
    [
      'drops event handlers',
      '<p onclick="alert(1)">x</p><img src="/a.png" onerror="alert(1)">',
      '<p>x</p><img src="/a.png">',
    ],
    ['drops javascript: links', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    [
      'drops obfuscated schemes',
      '<a href="java\tscript:alert(1)">x</a><a href=" JAVASCRIPT:alert(1)">y</a>',
      '<a>x</a><a>y</a>',
    ],
    ['drops data: images', '<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img>'],
    ['drops style and class', '<p style="position:fixed" class="mantine-Button-root">x</p>', '<p>x</p>'],
    ['drops odd ids', '<p id="1 bad">x</p>', '<p>x</p>'],
    ['unwraps unknown tags, keeping text', '<section><custom-tag>Text</custom-tag></section>', 'Text'],
    ['drops forms', '<form><input name="x"><button>Go</button></form><p>ok</p>', '<p>ok</p>'],
    ['drops svg and math', '<svg><circle r="1"></circle></svg><math><mi>x</mi></math><p>ok</p>', '<p>ok</p>'],
    ['drops comments', '<p>a<!-- hidden -->b</p>', '<p>ab</p>'],
    [
      'cleans what follows a removed or unwrapped element too',
      '<section><img src="/a.png" onerror="alert(1)"><script>x()</script><b onclick="y()">b</b></section><p>ok</p>',
      '<img src="/a.png"><b>b</b><p>ok</p>',
    ],
  ])('%s', (_name, html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it('opens external links in a new tab without an opener or referrer', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_self">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('leaves links within the site in the same tab', () => {
    expect(sanitizeHtml('<a href="/help/faq" target="_blank" rel="opener">FAQ</a>')).toBe(
      '<a href="/help/faq">FAQ</a>',
    );
  });

  it('escapes text, so markup in text stays text', () => {
    expect(sanitizeHtml('<p>&lt;script&gt;</p>')).toBe('<p>&lt;script&gt;</p>');
  });
});
