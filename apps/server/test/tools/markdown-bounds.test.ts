/**
 * The structure bounds checked before markdown is parsed (tools/epub/markdown-bounds.ts): every shape
 * the parser is super-linear or recursive on is refused with the bound it broke, at the sizes a
 * member sent (issue 41), and stories as people write them pass.
 */
import { describe, expect, it } from 'vitest';
import { MARKDOWN_BOUNDS, markdownComplexity } from '../../src/tools/epub/markdown-bounds';
import { renderChapter } from '../../src/tools/epub/chapter';

const KB = 1024;
const repeat = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

/** A story as people write one: chapters, dialogue, emphasis, links, a nested list, quotes, breaks. */
function ordinaryStory(paragraphs: number): string {
  const parts: string[] = ['Chapter One', '===========', ''];
  for (let i = 0; i < paragraphs; i++) {
    parts.push(
      `"Look *down*," she said, and the [town](https://example.com/town/${i}) went **quiet**. ` +
        'The giant knelt; her shadow covered the square, the `bell` tower and the river_side path.',
      '',
    );
    if (i % 50 === 10) parts.push('* * *', '');
    if (i % 50 === 20) parts.push('> A letter:', '> > written small.', '');
    if (i % 50 === 30) parts.push('- one', '  - two', '    - three', '1. first', '2) second', '');
    if (i % 50 === 40) parts.push('```', 'code [ ` * _ <', '```', '', '---', '');
  }
  parts.push('A note[^1].', '', '[^1]: The end.');
  return parts.join('\n');
}

describe('markdown bounds', () => {
  it.each([
    ['[a]( repeated, 60 KB', repeat('[a](', 60 * KB)],
    ['[a]( repeated, 240 KB', repeat('[a](', 240 * KB)],
    ['*a **a  repeated', repeat('*a **a ', 120 * KB)],
    ['[ repeated', repeat('[', 120 * KB)],
    ['backticks repeated', repeat('`', 120 * KB)],
    [
      'backtick runs that never close',
      Array.from({ length: 700 }, (_, i) => '`'.repeat(i + 1) + 'a').join(''),
    ],
  ])('refuses %s: too many marks in one paragraph', (_, markdown) => {
    expect(markdownComplexity(markdown)).toMatch(/too many brackets, backticks or emphasis marks/);
  });

  it.each([
    ['> ', 12_000],
    ['> ', 20_000],
    ['- ', 12_000],
    ['1. ', 5_000],
  ])('refuses %j repeated %i times: nested past the bound', (unit, times) => {
    // (Dashes alone would be one thematic break, hence the closing word.)
    expect(markdownComplexity(`${unit.repeat(times)}word`)).toBe(
      `it nests quotes or lists more than ${MARKDOWN_BOUNDS.nesting} levels deep`,
    );
  });

  it('counts nesting by indentation, quotes inside lists, and not thematic breaks', () => {
    const deep = Array.from({ length: 20 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    expect(markdownComplexity(deep)).toMatch(/nests quotes or lists/);
    expect(markdownComplexity('- > - > - > - > - > - > - > - > - > x')).toMatch(/nests quotes or lists/);
    expect(markdownComplexity(`${'* '.repeat(40)}\n\n${'- '.repeat(40)}\n\n${'_ '.repeat(40)}`)).toBeNull();
  });

  it('refuses many underlined headings, list items, definitions, lines and paragraphs', () => {
    expect(markdownComplexity(repeat('a\n=\n\n', 4 * 400))).toMatch(/more than 300 headings underlined/);
    expect(markdownComplexity(repeat('- a\n', 4 * 1_200))).toMatch(/more than 1,000 list items/);
    expect(markdownComplexity(repeat('[a]: b\n\n', 8 * 600))).toMatch(/more than 500 link or footnote/);
    expect(markdownComplexity(repeat('a\n', 2 * 200_001))).toMatch(/more than 200,000 lines/);
    expect(markdownComplexity(repeat('a\n\n', 3 * 50_001))).toMatch(/more than 50,000 paragraphs/);
  });

  it('lets stories as people write them through, and renders them', () => {
    const story = ordinaryStory(2_000);
    expect(story.length).toBeGreaterThan(300 * KB);
    expect(markdownComplexity(story)).toBeNull();
    const rendered = renderChapter({ kind: 'epub-chapter', markdown: ordinaryStory(60), images: [] });
    expect('xhtml' in rendered && rendered.xhtml).toContain('<blockquote>');
  });

  it('a refused chapter is answered without parsing it', () => {
    expect(renderChapter({ kind: 'epub-chapter', markdown: '> '.repeat(20_000), images: [] })).toEqual({
      refused: `it nests quotes or lists more than ${MARKDOWN_BOUNDS.nesting} levels deep`,
    });
  });
});
