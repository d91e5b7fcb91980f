import { useEffect, useState } from 'react';

/**
 * For a dialog that is mounted to open and unmounted to close (a lazy body, `opened` always true):
 * when it leaves, the focus goes back to what had it when the dialog came, usually the button that
 * opened it, so a keyboard user carries on from there rather than from the top of the page. Mantine's
 * own focus return only runs when `opened` turns false on a modal that stays mounted.
 */
export function useReturnFocus(): void {
  // Read while the dialog first renders: nothing inside it has taken the focus yet.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // Gone with the dialog (a menu item, a page left behind): the focus stays where the browser put it.
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
