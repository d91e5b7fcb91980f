import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/tools/logger';

/** A real pino logger whose JSON lines are kept in memory, for tests about what gets logged. */
export function captureLogs(): {
  logger: Logger;
  lines: () => Array<Record<string, unknown>>;
  text: () => string;
} {
  let buffer = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      buffer += chunk.toString('utf8');
      done();
    },
  });
  const logger = createLogger('info', stream);
  return {
    logger,
    text: () => buffer,
    lines: () =>
      buffer
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
