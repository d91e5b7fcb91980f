import type { RecordModel } from 'pocketbase';
import type { NamedUser } from '../../../lib/display-name';

/** A saved version of a story (`post_revisions`, kept by the server on every save that changes it). */
export interface RevisionRecord extends RecordModel {
  post: string;
  story: string;
  editor: string;
  title: string;
  description: string;
  labels: string[];
  /** Tag names, comma separated as the story form shows them. */
  tags: string;
  content: string;
  created: string;
  expand?: { editor?: NamedUser };
}

/** The fields of a story a revision holds and a comparison shows. */
export interface RevisedText {
  title: string;
  description: string;
  tags: string;
  content: string;
}

export const REVISIONS_PAGE_SIZE = 20;
