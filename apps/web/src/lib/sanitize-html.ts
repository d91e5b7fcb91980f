/**
 * Allow-list HTML sanitiser for the `pages` records' content, built on DOMPurify.
 *
 * Why not react-markdown + rehype-sanitize: the spec stores page content as HTML, and react-markdown drops
 * raw HTML unless rehype-raw is installed (it is not), so it would show the markup as text or lose it.
 * DOMPurify parses in an inert document (no scripts run, no images load) and keeps what the lists below
 * allow: the tags, each tag's own attributes (DOMPurify only knows one list for all tags, so a hook checks
 * the pairing), and URLs with a listed scheme. Dangerous elements go with their content; unknown ones are
 * unwrapped so their text survives.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li',
  'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]; // prettier-ignore

// Removed together with everything inside: their content is code, styling or foreign markup, not text.
const DROPPED_TAGS = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'noscript', 'svg', 'math',
  'link', 'meta', 'base', 'title', 'head', 'form', 'input', 'button', 'select', 'textarea', 'option', 'audio',
  'video', 'source', 'track', 'canvas', 'applet', 'noembed', 'xmp', 'plaintext',
]; // prettier-ignore

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
const ALLOWED_ATTRIBUTES = [
  ...GLOBAL_ATTRIBUTES,
  ...new Set(Object.values(TAG_ATTRIBUTES).flatMap((names) => [...names])),
];
const URL_ATTRIBUTES = new Set(['href', 'src', 'cite']);
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
// Anchor targets for hash links; restricted so an id cannot smuggle in anything but a plain name.
const SAFE_ID = /^[A-Za-z][\w.:-]*$/;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ALLOWED_ATTRIBUTES,
  FORBID_CONTENTS: DROPPED_TAGS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
};

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

let purifier: Purifier | undefined;

/**
 * Our own DOMPurify instance (hooks are per instance), so the rules below never leak into another
 * module's use of the shared default one.
 */
function pagePurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (!isAllowedAttribute(node.nodeName.toLowerCase(), data.attrName, data.attrValue))
      data.keepAttr = false;
  });
  // External links open in a new tab without handing our window or the page URL to the other site.
  instance.addHook('afterSanitizeAttributes', (node) => {
    const href = node.nodeName === 'A' ? node.getAttribute('href') : null;
    if (href && isExternal(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = instance;
  return instance;
}

/** Returns `html` reduced to the allow-list, ready for `dangerouslySetInnerHTML`. */
export function sanitizeHtml(html: string): string {
  return pagePurifier().sanitize(html, CONFIG);
}
