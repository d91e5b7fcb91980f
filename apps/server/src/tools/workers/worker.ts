/**
 * The worker threads' entry (piscina calls the default export with each task). From the sources it
 * runs through tsx; the built server has it as dist/heavy-work-worker.js (apps/server/build.mjs).
 */
import { runTask, type Task, type TaskResult } from './tasks';

export default function heavyWork(task: Task): TaskResult {
  return runTask(task);
}
