/**
 * The jobs the worker pool (./pool.ts) runs, and what each answers. Everything crossing to a worker
 * is plain data (structured clone): no functions, no class instances.
 */
import { renderChapter, type ChapterResult, type ChapterTask } from '../epub/chapter';

export type Task = ChapterTask;
export type TaskResult = ChapterResult;

/** Runs one task; what the worker entry (./worker.ts) calls. */
export function runTask(task: Task): TaskResult {
  switch (task.kind) {
    case 'epub-chapter':
      return renderChapter(task);
  }
}
