import { useState } from 'react';
import { useSession } from '../session';
import type { MutedMode } from './types';

/**
 * A list's mute state: muted tags and labels are left out until the member chooses "Show them", which
 * shows them in this list until they leave it (PRODUCT.md §14: "a way to show them once").
 */
export function useMutedMode(): { mode: MutedMode; showThem: () => void } {
  const { user } = useSession();
  const [shown, setShown] = useState(false);
  return { mode: user && !shown ? 'hide' : 'show', showThem: () => setShown(true) };
}
