/**
 * Writing XML and XHTML by hand, safely: escaping for text and attribute values, and a serialiser
 * for HTML trees (hast) that always produces well-formed XHTML (every element closed, every
 * attribute quoted and valued, no named entities, no characters XML 1.0 forbids).
 */
import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { find, html } from 'property-information';

/** Whether XML 1.0 allows the code point (no control characters, surrogates or U+FFFE/U+FFFF). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** The text without the characters XML forbids (an unpaired surrogate is one of them). */
function xmlChars(value: string): string {
  let out = '';
  for (const char of value) if (isXmlChar(char.codePointAt(0)!)) out += char;
  return out;
}

/** Text content: `&`, `<` and `>` escaped, characters XML forbids removed. */
export function escapeText(value: string): string {
  return xmlChars(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value for double quotes. */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'input', 'wbr']);

/** A list value joins with commas where HTML says so (e.g. `coords`), with spaces otherwise (`class`). */
function attributeValue(value: unknown, commaSeparated: boolean): string {
  if (Array.isArray(value)) return value.map(String).join(commaSeparated ? ', ' : ' ');
  return String(value);
}

function attributes(properties: Properties | undefined): string {
  let out = '';
  for (const [key, value] of Object.entries(properties ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    const info = find(html, key);
    const name = info.attribute;
    if (!/^[A-Za-z_:][-A-Za-z0-9_:.]*$/.test(name)) continue;
    const text = value === true ? name : attributeValue(value, info.commaSeparated);
    out += ` ${name}="${escapeAttribute(text)}"`;
  }
  return out;
}

function serializeNode(node: RootContent | ElementContent): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'element':
      return serializeElement(node);
    default:
      // Comments, doctypes and raw HTML never reach a book.
      return '';
  }
}

function serializeElement(element: Element): string {
  const open = `<${element.tagName}${attributes(element.properties)}`;
  if (VOID_ELEMENTS.has(element.tagName)) return `${open}/>`;
  return `${open}>${element.children.map(serializeNode).join('')}</${element.tagName}>`;
}

/** The children of a tree as an XHTML fragment. */
export function toXhtml(tree: Root | Element): string {
  return tree.children.map(serializeNode).join('');
}
