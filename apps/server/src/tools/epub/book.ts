/**
 * An EPUB 3 book, written as a zip stream (yazl) as it is read: the `mimetype` entry first and
 * stored, the container, one XHTML document per chapter, a title page, the navigation document, the
 * package document, and the images, each read from its source only when the zip reaches it, so a
 * book with many images never sits in memory whole.
 * Why a zip library and our own structure: docs/adr/0006-epub-export.md.
 *
 * The chapters' markdown is rendered by the caller's `ChapterRenderer` (./chapter.ts, run in a worker
 * thread by the server, since its cost grows with what a member wrote), one chapter at a time,
 * before the first byte of the book is written: a chapter that cannot be rendered fails the book
 * while it can still be answered with an error.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ChapterResult, ChapterTask } from './chapter';
import { escapeAttribute, escapeText } from './xhtml';

/** The media types every EPUB reading system shows (EPUB 3 core media types for raster images). */
export const BOOK_IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

export interface BookImage {
  /** One of `BOOK_IMAGE_TYPES`. */
  mediaType: string;
  /** Alternative text when the image is shown without a caption from the text. */
  alt: string;
  /** The image's bytes, asked for when the zip reaches it. */
  open(): Promise<Readable | Buffer>;
}

export interface BookChapter {
  title: string;
  markdown: string;
  images: BookImage[];
  /** The stored name of each of `images`, which the markdown names them by (./attachment-names.ts). */
  imageNames: string[];
}

/** Renders one chapter's markdown (./chapter.ts `renderChapter`, or the same in a worker). */
export type ChapterRenderer = (task: ChapterTask) => Promise<ChapterResult>;

/** A chapter was refused by a bound of ./markdown-bounds.ts; `reason` says which, for the member. */
export class ChapterTooComplexError extends Error {
  constructor(
    readonly chapter: string,
    readonly reason: string,
  ) {
    super(`Chapter "${chapter}" is too complex: ${reason}`);
    this.name = 'ChapterTooComplexError';
  }
}

export interface Book {
  /** A stable identity for the book, such as the site's address of the story. */
  identity: string;
  title: string;
  authors: string[];
  description: string;
  language: string;
  publisher: string;
  modified: Date;
  /** Images shown on the title page (a series' own attachments). */
  titleImages: BookImage[];
  chapters: BookChapter[];
}

const STYLE = `body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1, h2, h3 { font-family: sans-serif; line-height: 1.2; }
.title-page { text-align: center; margin-top: 20%; }
.authors { font-style: italic; }
figure { margin: 1em 0; text-align: center; }
img { max-width: 100%; }
pre { white-space: pre-wrap; }
table { border-collapse: collapse; }
td, th { border: 1px solid #888; padding: 0.2em 0.4em; }
`;

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

/** A UUID derived from the identity (name-based, SHA-1), so the same story is the same book. */
function bookUuid(identity: string): string {
  const hex = createHash('sha1').update(identity).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function document(language: string, title: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${escapeAttribute(language)}" lang="${escapeAttribute(language)}">
<head>
<meta charset="UTF-8"/>
<title>${escapeText(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

function paragraphs(value: string): string {
  return value
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeText(part).replace(/\n/g, '<br/>')}</p>`)
    .join('\n');
}

function figure(href: string, alt: string): string {
  return `<figure><img src="${escapeAttribute(href)}" alt="${escapeAttribute(alt)}"/></figure>`;
}

interface PlacedImage {
  id: string;
  href: string;
  image: BookImage;
}

/**
 * Renders the chapters, then writes the book; the stream ends when the last entry is written, or
 * errors if an image fails. Rejects with `ChapterTooComplexError`, or whatever `render` rejects with.
 */
export async function writeBook(book: Book, render: ChapterRenderer): Promise<Readable> {
  const placed: PlacedImage[] = [];
  const place = (image: BookImage): PlacedImage => {
    const n = placed.length + 1;
    const entry = { id: `image-${n}`, href: `images/image-${n}.${BOOK_IMAGE_TYPES[image.mediaType]}`, image };
    placed.push(entry);
    return entry;
  };
  const titleImages = book.titleImages.map((image) => {
    const { href } = place(image);
    return figure(href, image.alt);
  });
  const chapters: Array<{ id: string; href: string; title: string; body: string }> = [];
  for (const [index, chapter] of book.chapters.entries()) {
    const mine = chapter.images.map((image) => place(image));
    const rendered = await render({
      kind: 'epub-chapter',
      markdown: chapter.markdown,
      images: mine.map((entry, i) => ({ name: chapter.imageNames[i] ?? '', href: entry.href })),
    });
    if ('refused' in rendered) throw new ChapterTooComplexError(chapter.title, rendered.refused);
    const used = new Set(rendered.used);
    // Attachments the text does not show follow it, as on the story's page.
    const rest = mine.filter((_, i) => !used.has(i)).map((entry) => figure(entry.href, entry.image.alt));
    const body = `<section epub:type="chapter">
<h1>${escapeText(chapter.title)}</h1>
${rendered.xhtml}
${rest.join('\n')}
</section>`;
    chapters.push({
      id: `chapter-${index + 1}`,
      href: `chapter-${index + 1}.xhtml`,
      title: chapter.title,
      body,
    });
  }

  const zip = new ZipFile();
  const options = { mtime: book.modified, forceDosTimestamp: true };
  const add = (path: string, content: string) => zip.addBuffer(Buffer.from(content, 'utf8'), path, options);
  // The first entry, stored and without extra fields, so a reader can recognise the file by its bytes.
  zip.addBuffer(Buffer.from('application/epub+zip', 'ascii'), 'mimetype', { ...options, compress: false });
  add('META-INF/container.xml', CONTAINER);
  add('OEBPS/style.css', STYLE);
  const byline = book.authors.length
    ? `<p class="authors">by ${escapeText(book.authors.join(', '))}</p>`
    : '';
  add(
    'OEBPS/title.xhtml',
    document(
      book.language,
      book.title,
      `<section class="title-page" epub:type="titlepage">
<h1>${escapeText(book.title)}</h1>
${byline}
${paragraphs(book.description)}
${titleImages.join('\n')}
</section>`,
    ),
  );
  for (const chapter of chapters) {
    add(`OEBPS/${chapter.href}`, document(book.language, chapter.title, chapter.body));
  }

  const toc = chapters
    .map((chapter) => `<li><a href="${chapter.href}">${escapeText(chapter.title)}</a></li>`)
    .join('\n');
  add(
    'OEBPS/nav.xhtml',
    document(
      book.language,
      book.title,
      `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
<li><a href="title.xhtml">${escapeText(book.title)}</a></li>
${toc}
</ol>
</nav>`,
    ),
  );

  const modified = book.modified.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const creators = book.authors
    .map((author, i) => `<dc:creator id="creator-${i + 1}">${escapeText(author)}</dc:creator>`)
    .join('\n    ');
  const description = book.description.trim()
    ? `<dc:description>${escapeText(book.description.trim())}</dc:description>`
    : '';
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    '<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>',
    ...chapters.map((c) => `<item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"/>`),
    ...placed.map((p) => `<item id="${p.id}" href="${p.href}" media-type="${p.image.mediaType}"/>`),
  ].join('\n    ');
  const spine = ['<itemref idref="title"/>', ...chapters.map((c) => `<itemref idref="${c.id}"/>`)].join(
    '\n    ',
  );
  add(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeAttribute(book.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">urn:uuid:${bookUuid(book.identity)}</dc:identifier>
    <dc:title>${escapeText(book.title)}</dc:title>
    ${creators}
    <dc:language>${escapeText(book.language)}</dc:language>
    <dc:publisher>${escapeText(book.publisher)}</dc:publisher>
    <dc:source>${escapeText(book.identity)}</dc:source>
    ${description}
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
  <manifest>
    ${manifest}
  </manifest>
  <spine>
    ${spine}
  </spine>
</package>
`,
  );

  for (const entry of placed) {
    // Images are compressed already.
    zip.addReadStreamLazy(`OEBPS/${entry.href}`, { ...options, compress: false }, (callback) => {
      entry.image.open().then(
        (content) => callback(null, Buffer.isBuffer(content) ? Readable.from([content]) : content),
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  const output = zip.outputStream as Readable;
  // yazl reports a failed entry on the zip file; whoever reads the book sees it on the stream.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
