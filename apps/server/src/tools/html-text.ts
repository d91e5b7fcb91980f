/**
 * Plain text out of stored HTML (excerpts, search entries, conversation and moderation summaries),
 * in time linear in its length whatever it holds. The obvious patterns are not: `/<[^>]*>/g` scans
 * to the end of the text from every `<` that is never closed (2 MB of `<` would take about an hour),
 * and a lazy `<script>[\s\S]*?</script>` does the same from every unclosed `<script`.
 */

/** Each tag becomes a space. A `<` that another `<` follows before any `>` is kept as text. */
export function withoutTags(html: string): string {
  // `[^<>]*` stops at the next `<`, so the spans tried from each `<` never overlap.
  return html.replace(/<[^<>]*>/g, ' ');
}

const RAW_TEXT_OPENING = /<(script|style|svg|noscript|iframe|textarea|select|button|template)\b/gi;

/**
 * Elements whose content is not text to read (script, style, svg, ...) become a space, from their
 * opening tag to the first closing tag of the same name; an opening tag that is never closed stays.
 */
export function withoutRawTextElements(html: string): string {
  const unclosed = new Set<string>();
  let out = '';
  let copied = 0;
  RAW_TEXT_OPENING.lastIndex = 0;
  for (let opening = RAW_TEXT_OPENING.exec(html); opening; opening = RAW_TEXT_OPENING.exec(html)) {
    const name = opening[1]!.toLowerCase();
    // A name with no closing tag after one opening has none after any later one either.
    if (unclosed.has(name)) continue;
    const closing = new RegExp(`</${name}>`, 'gi');
    closing.lastIndex = RAW_TEXT_OPENING.lastIndex;
    if (!closing.exec(html)) {
      unclosed.add(name);
      continue;
    }
    out += `${html.slice(copied, opening.index)} `;
    copied = closing.lastIndex;
    RAW_TEXT_OPENING.lastIndex = copied;
  }
  return out + html.slice(copied);
}
