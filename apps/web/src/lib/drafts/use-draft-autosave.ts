import { useCallback, useEffect, useRef, useState } from 'react';
import { discardDraft, saveDraft, type DraftKey } from './drafts';

/** How long the member pauses typing before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1000;

export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface AutosaveOptions<T> {
  key: DraftKey;
  /** The editor's values to keep (never files). */
  values: T;
  /** The values the editor opened with: nothing is saved until they change. */
  baseline: T;
  delay?: number;
}

/**
 * Saves the editor's values into the member's draft a moment after they stop typing (debounced), and
 * tells the editor how that went. `stop()` cancels a pending save (the form is being submitted), `discard()`
 * removes the draft.
 */
export function useDraftAutosave<T>({
  key,
  values,
  baseline,
  delay = DRAFT_SAVE_DELAY_MS,
}: AutosaveOptions<T>) {
  const [state, setState] = useState<DraftSaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const draftId = useRef<string | null>(null);
  // An editor keeps one draft while it is open (the pages key each editor by what it edits).
  const [draftKey] = useState(key);
  const serialized = JSON.stringify(values);
  const lastSaved = useRef(JSON.stringify(baseline));

  const stop = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => {
    if (serialized === lastSaved.current) return undefined;
    stop();
    timer.current = setTimeout(() => {
      timer.current = null;
      setState('saving');
      saveDraft(draftKey, draftId.current, JSON.parse(serialized) as T).then(
        (draft) => {
          draftId.current = draft.id;
          lastSaved.current = serialized;
          setState('saved');
        },
        () => setState('failed'),
      );
    }, delay);
    return stop;
  }, [serialized, delay, stop, draftKey]);

  const discard = useCallback(
    async (restored: T) => {
      stop();
      lastSaved.current = JSON.stringify(restored);
      draftId.current = null;
      await discardDraft(draftKey);
      setState('idle');
    },
    [stop, draftKey],
  );

  return { state, stop, discard };
}
