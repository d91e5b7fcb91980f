import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { FLASH_TYPES, showFlash } from '../../components/flash';

/** Outside production only (the footer decides): tools for trying the shell by hand. */
export function DebugMenu() {
  // Each press shows the next flash type, so all four looks can be checked in turn.
  const [presses, setPresses] = useState(0);
  const raiseFlash = () => {
    const type = FLASH_TYPES[presses % FLASH_TYPES.length] ?? 'info';
    showFlash(type, `Test ${type} flash message.`);
    setPresses(presses + 1);
  };
  return (
    <Menu position="top-start" shadow="md">
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" color="gray">
          Debug
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={raiseFlash}>Flash Message</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
