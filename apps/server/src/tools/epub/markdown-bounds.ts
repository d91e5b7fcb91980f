/**
 * Bounds on the structure of markdown, checked in one linear pass before the parser sees it.
 *
 * The markdown parser (micromark, through remark) is linear on ordinary text but super-linear on
 * some shapes, and recursive on nesting: `[a](` or `[` repeated in one paragraph, runs of `*` or
 * backticks that never close, `> ` or `- ` nested thousands deep (a stack overflow), many headings
 * underlined with `=`/`-`, many list items or definitions. A story a person writes is far inside
 * every bound here; a story past one is refused with the bound it broke, which the caller answers
 * as "too complex" instead of parsing it for minutes. The numbers and what each cost unbounded:
 * docs/adr/0026-heavy-work-in-worker-threads.md.
 *
 * The pass estimates from above: it cannot mistake a shape the parser finds costly for a cheap one,
 * and only text far past what stories hold (such as a line indented by 32 spaces that starts a
 * list item, or 5,000 brackets in one paragraph) is refused without being costly.
 */

export const MARKDOWN_BOUNDS = {
  /** Quotes and list levels open on one line. */
  nesting: 16,
  /** List items in the whole text. */
  listItems: 1_000,
  /** Lines that underline the line before them with `=` or `-` (setext headings). */
  underlinedHeadings: 300,
  /** Link and footnote definitions (`[label]: ...`). */
  definitions: 500,
  /** Lines in the whole text. */
  lines: 200_000,
  /** Paragraphs (runs of lines without a blank line between them). */
  paragraphs: 50_000,
  /**
   * The sum, over paragraphs, of the square of the marks each holds: `[`, `<`, each backtick, and
   * each run of `*`, `_` or `~`. The parser's costly shapes cost about that square; 5,000 marks
   * in one paragraph, or 100 paragraphs of 500, reach it.
   */
  marksSquared: 25_000_000,
} as const;

const SPACE = 0x20;
const TAB = 0x09;

const isBlank = (line: string): boolean => {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
};

/** A thematic break (`***`, `- - -`, `___`): three or more of one of `*-_`, spaces between. */
function isThematicBreak(line: string, from: number): boolean {
  let mark = '';
  let count = 0;
  for (let i = from; i < line.length; i++) {
    const char = line[i]!;
    if (char === ' ' || char === '\t') continue;
    if (char !== '*' && char !== '-' && char !== '_') return false;
    if (mark && char !== mark) return false;
    mark = char;
    count++;
  }
  return count >= 3;
}

/** `=`s or `-`s alone (up to three spaces before, any after): a setext heading's underline. */
function isUnderline(line: string, from: number): boolean {
  let i = from;
  while (i < line.length && i - from < 3 && line[i] === ' ') i++;
  const mark = line[i];
  if (mark !== '=' && mark !== '-') return false;
  while (line[i] === mark) i++;
  return isBlank(line.slice(i));
}

interface Prefix {
  /** Where the line's text starts after the container marks. */
  end: number;
  /** Where the text starts after the quote marks (and their spaces) only, before any list marker. */
  afterQuotes: number;
  quotes: number;
  listMarkers: number;
  /** Columns of indentation before the first mark. */
  indent: number;
}

/** The container marks a line starts with: `>` for quotes, `-`, `+`, `*`, `1.` or `1)` for list items. */
function containerPrefix(line: string): Prefix {
  const prefix: Prefix = { end: 0, afterQuotes: 0, quotes: 0, listMarkers: 0, indent: 0 };
  let i = 0;
  let column = 0;
  let marked = false;
  const spaceAt = (at: number) => at >= line.length || line[at] === ' ' || line[at] === '\t';
  for (;;) {
    while (i < line.length && (line[i] === ' ' || line[i] === '\t')) {
      column = line[i] === '\t' ? column + 4 - (column % 4) : column + 1;
      i++;
    }
    if (!marked) prefix.indent = column;
    const char = line[i];
    if (char === '>') {
      prefix.quotes++;
      i++;
      column++;
      if (prefix.listMarkers === 0) prefix.afterQuotes = i;
    } else if ((char === '-' || char === '+' || char === '*') && spaceAt(i + 1)) {
      prefix.listMarkers++;
      i++;
      column++;
    } else {
      let digits = 0;
      while (digits < 10 && line.charCodeAt(i + digits) >= 0x30 && line.charCodeAt(i + digits) <= 0x39) {
        digits++;
      }
      const after = line[i + digits];
      if (digits === 0 || digits > 9 || (after !== '.' && after !== ')') || !spaceAt(i + digits + 1)) break;
      prefix.listMarkers++;
      i += digits + 1;
      column += digits + 1;
    }
    marked = true;
  }
  prefix.end = i;
  if (prefix.listMarkers === 0) prefix.afterQuotes = i;
  return prefix;
}

/** The marks of one line that the parser's costly inline shapes are made of. */
function marksIn(line: string, from: number): number {
  let marks = 0;
  let run = '';
  for (let i = from; i < line.length; i++) {
    const char = line[i]!;
    if (char === '[' || char === '<' || char === '`') marks++;
    if ((char === '*' || char === '_' || char === '~') && char !== run) marks++;
    run = char === '*' || char === '_' || char === '~' ? char : '';
  }
  return marks;
}

const number = (n: number) => n.toLocaleString('en-GB');

/**
 * Why the markdown is past a bound, in words for the member who asked (completing "This story is
 * too complex to export: ..."), or null when it is within every bound.
 */
export function markdownComplexity(markdown: string): string | null {
  const b = MARKDOWN_BOUNDS;
  let lines = 0;
  let paragraphs = 0;
  let listItems = 0;
  let underlined = 0;
  let definitions = 0;
  let marks = 0;
  let marksSquared = 0;
  let previousBlank = true;
  let start = 0;
  while (start <= markdown.length) {
    let end = start;
    while (end < markdown.length && markdown[end] !== '\n' && markdown[end] !== '\r') end++;
    const line = markdown.slice(start, end);
    start = markdown[end] === '\r' && markdown[end + 1] === '\n' ? end + 2 : end + 1;
    if (++lines > b.lines) return `it has more than ${number(b.lines)} lines`;
    if (isBlank(line)) {
      marksSquared += marks * marks;
      marks = 0;
      previousBlank = true;
      continue;
    }
    if (previousBlank && ++paragraphs > b.paragraphs) {
      return `it has more than ${number(b.paragraphs)} paragraphs`;
    }
    const prefix = containerPrefix(line);
    const breakLine = isThematicBreak(line, prefix.afterQuotes);
    const markers = breakLine ? 0 : prefix.listMarkers;
    const depth = prefix.quotes + markers + (markers > 0 ? Math.floor(prefix.indent / 2) : 0);
    if (depth > b.nesting) return `it nests quotes or lists more than ${b.nesting} levels deep`;
    listItems += markers;
    if (listItems > b.listItems) return `it has more than ${number(b.listItems)} list items`;
    if (!previousBlank && isUnderline(line, prefix.afterQuotes) && ++underlined > b.underlinedHeadings) {
      return `it has more than ${number(b.underlinedHeadings)} headings underlined with = or -`;
    }
    const text = line.slice(prefix.end).trimStart();
    if (text.startsWith('[') && text.includes(']:') && ++definitions > b.definitions) {
      return `it has more than ${number(b.definitions)} link or footnote definitions`;
    }
    marks += marksIn(line, prefix.end);
    if (marksSquared + marks * marks > b.marksSquared) {
      return 'its paragraphs hold too many brackets, backticks or emphasis marks (split long paragraphs with blank lines)';
    }
    previousBlank = false;
  }
  return null;
}
