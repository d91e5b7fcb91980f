import type { RecordModel } from 'pocketbase';
import type { StoryRecord } from '../../../lib/posts/types';

/** How far the member read one story (server collection `read_progress`, private to them). */
export interface ReadProgress extends RecordModel {
  user: string;
  story: string;
  /** The last paragraph (block) in view, 0-based. */
  paragraph: number;
  /** How many the story had when it was saved. */
  paragraphs: number;
  finished: boolean;
  expand?: { story?: StoryRecord };
}

export const PROGRESS = 'read_progress';
