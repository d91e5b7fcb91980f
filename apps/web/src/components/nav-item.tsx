import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink as RouterNavLink, useMatch } from 'react-router';

interface NavItemProps {
  to: string;
  label: string;
  /** Active only on exactly this path, not below it (e.g. /admin next to /admin/users). */
  end?: boolean;
  rightSection?: ReactNode;
  onClick?: () => void;
}

/**
 * A navigation link styled by Mantine and routed by React Router. Mantine highlights through its `active`
 * prop, which the router's own NavLink does not set, so the match is computed here.
 */
export function NavItem({ to, label, end = false, rightSection, onClick }: NavItemProps) {
  const active = useMatch({ path: to, end }) !== null;
  return (
    <NavLink
      component={RouterNavLink}
      to={to}
      end={end}
      label={label}
      active={active}
      rightSection={rightSection}
      onClick={onClick}
    />
  );
}
