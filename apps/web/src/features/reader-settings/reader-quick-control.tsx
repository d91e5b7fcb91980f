import { Button, Popover } from '@mantine/core';
import { ReaderControls } from './reader-controls';

export const QUICK_CONTROL_LABEL = 'Reader settings';

/** The story page's quick control: the reader settings in a popover above the text, applied as chosen. */
export function ReaderQuickControl() {
  return (
    <Popover position="bottom-start" shadow="md" width={320} withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="xs" w="fit-content">
          {QUICK_CONTROL_LABEL}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={QUICK_CONTROL_LABEL} maw="calc(100vw - 2rem)">
        <ReaderControls compact />
      </Popover.Dropdown>
    </Popover>
  );
}
