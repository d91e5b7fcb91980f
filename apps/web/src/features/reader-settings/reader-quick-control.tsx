import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { QUICK_CONTROL_LABEL } from './reader-settings';

// The popover and its controls load on the first press, so the story page's own chunk stays small.
const ReaderQuickPanel = lazy(() => import('./reader-quick-panel'));

/** The story page's quick control: the reader settings in a popover above the text, applied as chosen. */
export function ReaderQuickControl() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = (loading: boolean) => (
    <Button variant="default" size="xs" w="fit-content" loading={loading} onClick={() => setLoaded(true)}>
      {QUICK_CONTROL_LABEL}
    </Button>
  );
  if (!loaded) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <ReaderQuickPanel opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
