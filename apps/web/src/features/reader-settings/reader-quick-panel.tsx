import { Button, Popover } from '@mantine/core';
import { useEffect } from 'react';
import { ReaderControls } from './reader-controls';
import { QUICK_CONTROL_LABEL } from './reader-settings';

/**
 * The quick control's popover with the four settings (loaded on the first press, see
 * reader-quick-control.tsx). It opens once its button is in place, so the popover is placed beside it.
 */
export default function ReaderQuickPanel({
  opened,
  onChange,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  useEffect(() => onChange(true), [onChange]);
  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-start"
      shadow="md"
      width={320}
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <Button variant="default" size="xs" w="fit-content" onClick={() => onChange(!opened)}>
          {QUICK_CONTROL_LABEL}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={QUICK_CONTROL_LABEL} maw="calc(100vw - 2rem)">
        <ReaderControls compact />
      </Popover.Dropdown>
    </Popover>
  );
}
