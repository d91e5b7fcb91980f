/**
 * Allow-list HTML sanitiser for the `pages` records' content.
 *
 * Why not react-markdown + rehype-sanitize: the spec stores page content as HTML, and react-markdown drops
 * raw HTML unless rehype-raw is installed (it is not), so it would show the markup as text or lose it.
 * The browser's own parser (DOMParser, which never runs scripts or loads images) builds an inert tree that
 * is rebuilt here from an allow-list of tags, attributes and URL schemes. Anything not listed is removed:
 * dangerous elements with their content, unknown ones unwrapped so their text survives.
 */

const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li',
  'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]); // prettier-ignore

// Removed together with everything inside: their content is code, styling or foreign markup, not text.
const DROPPED_TAGS = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'noscript', 'svg', 'math',
  'link', 'meta', 'base', 'title', 'head', 'form', 'input', 'button', 'select', 'textarea', 'option', 'audio',
  'video', 'source', 'track', 'canvas', 'applet', 'noembed', 'xmp', 'plaintext',
]); // prettier-ignore

const GLOBAL_ATTRIBUTES = new Set(['title', 'id', 'lang', 'dir']);
const TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
  ol: new Set(['start', 'reversed']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan', 'scope']),
  q: new Set(['cite']),
  blockquote: new Set(['cite']),
  details: new Set(['open']),
};
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
// Anchor targets for hash links; restricted so an id cannot smuggle in anything but a plain name.
const SAFE_ID = /^[A-Za-z][\w.:-]*$/;

/** A URL is safe when it is relative or uses an allowed scheme (never javascript:, data:, vbscript:). */
function isSafeUrl(value: string, schemes: Set<string>): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so strip them first.
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme === undefined) return !compact.startsWith('\\');
  return schemes.has(scheme.toLowerCase());
}

function isAllowedAttribute(tag: string, name: string, value: string): boolean {
  if (!GLOBAL_ATTRIBUTES.has(name) && !TAG_ATTRIBUTES[tag]?.has(name)) return false;
  if (name === 'id') return SAFE_ID.test(value);
  if (URL_ATTRIBUTES.has(name)) return isSafeUrl(value, tag === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES);
  return true;
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href.trim());
}

function cleanAttributes(element: Element): void {
  const tag = element.tagName.toLowerCase();
  for (const { name, value } of Array.from(element.attributes)) {
    if (!isAllowedAttribute(tag, name.toLowerCase(), value)) element.removeAttribute(name);
  }
  // External links open in a new tab without handing our window or the page URL to the other site.
  const href = element.getAttribute('href');
  if (tag === 'a' && href && isExternal(href)) {
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer nofollow');
  }
}

function cleanChildren(parent: Node): void {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove(); // comments, processing instructions, CDATA
      continue;
    }
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (ALLOWED_TAGS.has(tag)) cleanAttributes(element);
    else element.replaceWith(...Array.from(element.childNodes));
  }
}

/** Returns `html` reduced to the allow-list, ready for `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
