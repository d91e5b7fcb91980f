/**
 * Server-sent event framing. A frame is `id:<id>\nevent:<name>\ndata:<payload>\n\n`; the SSE format
 * has no escaping, so a line break inside the id or the event name would let the sender forge frames
 * and is refused. A payload with line breaks is split over several `data:` lines, which the receiver
 * joins back with `\n` (JSON from `JSON.stringify` never has any).
 *
 * One event goes out to thousands of streams with the same payload one after another, so the
 * `data:` lines of the last payload are kept and reused (the same string is recognised by identity
 * before its contents are compared).
 */
const LINE_BREAK = /[\r\n]/;

export class SseFrameError extends Error {
  override name = 'SseFrameError';
}

let lastData: string | null = null;
let lastLines = '';

function dataLines(data: string): string {
  if (data !== lastData) {
    lastLines = data
      .split(/\r\n|\r|\n/)
      .map((line) => `data:${line}\n`)
      .join('');
    lastData = data;
  }
  return lastLines;
}

export function sseFrame(id: string, event: string, data: string): string {
  if (LINE_BREAK.test(id)) throw new SseFrameError('an SSE id cannot contain a line break');
  if (LINE_BREAK.test(event)) throw new SseFrameError('an SSE event name cannot contain a line break');
  return `id:${id}\nevent:${event}\n${dataLines(data)}\n`;
}
