/**
 * Old archives keep what members wrote as HTML (or as plain text with line breaks); the site keeps
 * markdown. The HTML is sanitised first (sanitize-html: no scripts, styles, event handlers, `javascript:`
 * or other unsafe URLs, and no elements outside a short list of formatting ones), then converted by
 * turndown. Bold, italic, paragraphs, line breaks, lists, quotes and links survive; images become links
 * to them, so nothing from another server loads by itself on a reader's page.
 */
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';

const FORMATTING = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'sup',
  'sub',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'code',
  'a',
  'img',
  'div',
  'center',
  'span',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: FORMATTING,
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Unknown elements go but keep their text; these go with their content.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'title',
    'head',
  ],
};

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '*',
  strongDelimiter: '**',
  codeBlockStyle: 'fenced',
  hr: '---',
});
turndown.addRule('underline', { filter: ['u'], replacement: (content) => `*${content}*` });
turndown.addRule('strikethrough', {
  filter: ['s', 'strike', 'del'],
  replacement: (content) => `~~${content}~~`,
});
turndown.addRule('image-as-link', {
  filter: 'img',
  replacement: (_content, node) => {
    const element = node as unknown as { getAttribute(name: string): string | null };
    const src = element.getAttribute('src') ?? '';
    const alt = (element.getAttribute('alt') ?? '').replace(/[[\]]/g, '') || 'image';
    return src ? `[${alt}](${src})` : '';
  },
});

const HAS_MARKUP = /<(br|p)\b[^>]*>/i;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Plain text as eFiction shows it (its format_story): without `<br>` or `<p>`, line breaks are the
 * formatting. A blank line ends a paragraph; a single line break stays a line break.
 */
function paragraphsOf(plain: string): string {
  return plain
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${part.split('\n').join('<br>')}</p>`)
    .join('');
}

/** HTML (or text formatted by its line breaks) as markdown, sanitised. */
export function htmlToMarkdown(input: string): string {
  const text = input.trim();
  if (!text) return '';
  // Runs of two or more line breaks were how most old archives wrote paragraphs.
  const html = HAS_MARKUP.test(text)
    ? text.replace(/(?:<br\s*\/?>\s*){2,}/gi, '</p><p>')
    : /<[a-z][^>]*>/i.test(text)
      ? paragraphsOf(text)
      : paragraphsOf(escapeHtml(decodeHTML(text)));
  const clean = sanitizeHtml(html, SANITIZE);
  return turndown
    .turndown(clean)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text with any markup removed and entities decoded: titles, names, summaries. */
export function plainText(input: string): string {
  const stripped = sanitizeHtml(input.replace(/<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: SANITIZE.nonTextTags,
  });
  return decodeHTML(stripped).replace(/\s+/g, ' ').trim();
}

/** Markdown-escapes text that goes inside markdown written here (a guest reviewer's name). */
export function escapeMarkdown(text: string): string {
  return turndown.escape(text);
}
