/**
 * Progress of a long import: a bar per phase on a terminal (cli-progress), nothing elsewhere (a log file
 * or a test gets the summary only). A phase whose size is unknown ahead counts without a bar's end.
 */
import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  phase(label: string, total: number): ProgressPhase;
}

export interface ProgressPhase {
  advance(n?: number): void;
  done(): void;
}

const SILENT_PHASE: ProgressPhase = { advance: () => undefined, done: () => undefined };

export const silentProgress: Progress = { phase: () => SILENT_PHASE };

/** Bars on `stream` when it is a terminal; silent otherwise. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stdout): Progress {
  if (!stream.isTTY) return silentProgress;
  return {
    phase(label, total) {
      const bar = new SingleBar(
        {
          format: `${label.padEnd(12)} [{bar}] {value}/{total}  {eta_formatted} left`,
          stream,
          hideCursor: true,
          clearOnComplete: false,
        },
        Presets.shades_classic,
      );
      bar.start(Math.max(total, 0), 0);
      return {
        advance: (n = 1) => bar.increment(n),
        done: () => bar.stop(),
      };
    },
  };
}
