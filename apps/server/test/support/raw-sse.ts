/**
 * One server-sent event stream read with `fetch`, frame by frame, as sent: a stand-in for
 * EventSource when a test must see every frame (or the end of the stream) exactly.
 */
const WAIT_MS = 3000;

export interface Frame {
  id: string;
  event: string;
  data: string;
  raw: string;
}

/** One SSE stream read with fetch; frames are parsed as they arrive. */
export class RawStream {
  readonly frames: Frame[] = [];
  clientId = '';
  private buffer = '';
  private listeners: Array<() => void> = [];
  readonly ended: Promise<void>;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    this.ended = this.pump();
  }

  static async open(url: string): Promise<RawStream> {
    const abort = new AbortController();
    const response = await fetch(`${url}/api/realtime`, { signal: abort.signal });
    const stream = new RawStream(response, abort);
    const connect = await stream.next((f) => f.event === 'PB_CONNECT', 'PB_CONNECT');
    stream.clientId = connect.id;
    return stream;
  }

  private async pump(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += value;
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const raw = this.buffer.slice(0, end + 2);
          this.buffer = this.buffer.slice(end + 2);
          const frame: Frame = { id: '', event: '', data: '', raw };
          for (const line of raw.split('\n')) {
            const colon = line.indexOf(':');
            if (colon < 0) continue;
            const [name, text] = [line.slice(0, colon), line.slice(colon + 1)];
            if (name === 'id' || name === 'event' || name === 'data') frame[name] = text;
          }
          this.frames.push(frame);
        }
        for (const listener of this.listeners) listener();
      }
    } catch {
      // aborted by the test
    } finally {
      for (const listener of this.listeners) listener();
    }
  }

  /** The first frame matching, waiting at most 3 s. */
  next(match: (frame: Frame) => boolean, label = 'frame'): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(found);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== listener);
        reject(new Error(`no ${label} within ${WAIT_MS} ms`));
      }, WAIT_MS);
      if (!check()) this.listeners.push(listener);
    });
  }

  /** The record events (parsed data) received for a subscription name. */
  events(name: string): Array<{ action: string; record: { id: string } & Record<string, unknown> }> {
    return this.frames
      .filter((f) => f.event === name)
      .map((f) => JSON.parse(f.data) as { action: string; record: { id: string } });
  }

  close(): void {
    this.abort.abort();
  }
}

/** `POST /api/realtime` as the SDK sends it; returns the response for the caller to check. */
export function postSubscriptions(
  url: string,
  clientId: string,
  subscriptions: string[],
  token?: string,
): Promise<Response> {
  return fetch(`${url}/api/realtime`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
    body: JSON.stringify({ clientId, subscriptions }),
  });
}
