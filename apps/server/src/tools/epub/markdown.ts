/**
 * A story's markdown as the body of an EPUB chapter: GitHub-flavoured markdown (as the web app renders
 * it), no raw HTML, cut down to an allow-list of elements and attributes that are valid in EPUB 3's
 * XHTML, and serialised as well-formed XML.
 *
 * Images: the caller resolves each image address to a file in the book (an attachment) or to nothing.
 * An https image that is not in the book becomes a link to it (books are read offline, and EPUB
 * readers do not fetch remote images); any other image becomes its alternative text. Links leave the
 * book only to http(s) and mailto addresses; an internal link (`#note`) stays only when its target is
 * in the same chapter, so no link points at something the book lacks.
 */
import type { Element, ElementContent, Root } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { toXhtml } from './xhtml';

const TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'li',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'section',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'var',
];

/** GitHub's allow-list (what the web app applies) without what HTML5 made obsolete. */
const SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: TAGS,
  // Ids come only from footnotes, which remark-rehype already prefixes (`user-content-`); a book runs
  // no scripts, so there is nothing for an id to clobber.
  clobber: [],
  attributes: {
    ...defaultSchema.attributes,
    '*': ['id', 'title', 'lang', 'dir'],
    img: ['src', 'alt'],
    td: ['align', 'colSpan', 'rowSpan'],
    th: ['align', 'colSpan', 'rowSpan', 'scope'],
    ol: [...(defaultSchema.attributes?.ol ?? []), 'start'],
    input: [
      ['type', 'checkbox'],
      ['disabled', true],
      ['checked', true],
    ],
  },
};

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

/** A file of the book an image address stands for: where it is (relative to the chapter). */
export type ImageResolver = (address: string) => string | null;

function text(value: string): ElementContent {
  return { type: 'text', value };
}

function collectIds(node: Root | Element, into: Set<string>): Set<string> {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const id = child.properties.id;
    if (typeof id === 'string') into.add(id);
    collectIds(child, into);
  }
  return into;
}

function rewriteImage(image: Element, resolve: ImageResolver): ElementContent | null {
  const src = typeof image.properties.src === 'string' ? image.properties.src : '';
  const alt = typeof image.properties.alt === 'string' ? image.properties.alt : '';
  const inBook = src ? resolve(src) : null;
  if (inBook) {
    image.properties = { src: inBook, alt };
    return image;
  }
  if (/^https:\/\//i.test(src)) {
    return { type: 'element', tagName: 'a', properties: { href: src }, children: [text(alt || 'Image')] };
  }
  return alt ? text(alt) : null;
}

function rewrite(node: Root | Element, ids: Set<string>, resolve: ImageResolver): void {
  const children: ElementContent[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') {
      if (child.type === 'text') children.push(child);
      continue;
    }
    if (child.tagName === 'img') {
      const replaced = rewriteImage(child, resolve);
      if (replaced) children.push(replaced);
      continue;
    }
    if (child.tagName === 'a') {
      const href = typeof child.properties.href === 'string' ? child.properties.href : '';
      const keep = /^(https?|mailto):/i.test(href) || (href.startsWith('#') && ids.has(href.slice(1)));
      if (!keep) delete child.properties.href;
    }
    if ((child.tagName === 'td' || child.tagName === 'th') && typeof child.properties.align === 'string') {
      // `align` is obsolete in HTML5; a style says the same.
      child.properties.style = `text-align: ${child.properties.align}`;
      delete child.properties.align;
    }
    rewrite(child, ids, resolve);
    children.push(child);
  }
  node.children = children;
}

/** The markdown as an XHTML fragment, with the addresses of the images it used in the book. */
export function markdownToXhtml(markdown: string, resolve: ImageResolver): string {
  const tree = sanitize(parser.runSync(parser.parse(markdown)), SCHEMA) as Root;
  rewrite(tree, collectIds(tree, new Set()), resolve);
  return toXhtml(tree);
}
