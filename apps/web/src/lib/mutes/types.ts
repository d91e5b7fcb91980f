import type { RecordModel } from 'pocketbase';
import type { LabelRecord, TagRecord } from '../posts/types';

/** One tag or one label a member hides (`mutes`; exactly one of `tag` and `label` is set). */
export interface MuteRecord extends RecordModel {
  user: string;
  tag: string;
  label: string;
  expand?: { tag?: TagRecord; label?: LabelRecord };
}

/**
 * What a list asks of the server about mutes: `hide` leaves the member's muted tags and labels out (the
 * server answers how many as `hidden`); `show` is a list's "Show them".
 */
export type MutedMode = 'hide' | 'show';

/** The request option a list sends: only `hide` needs saying. */
export const mutedQuery = (mode: MutedMode): { muted?: 'hide' } => (mode === 'hide' ? { muted: 'hide' } : {});

/** A list answer with the number the member's filters left out (absent when nothing was asked). */
export interface HiddenCount {
  hidden?: number;
}
