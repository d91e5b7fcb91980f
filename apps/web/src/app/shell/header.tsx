import { Anchor, Burger, Button, Group, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { siteConfig } from '../../lib/config';
import { useSession } from '../../lib/session';

// Visitors never need the member tools (menus, their positioning library, the features behind them),
// so they load in their own chunk once someone is signed in, keeping the first load small.
const SignedInTools = lazy(() => import('./signed-in-tools').then((m) => ({ default: m.SignedInTools })));

interface HeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  /** The navigation the menu button shows and hides on a phone. */
  navId: string;
}

/** The header of spec part 1 §2: logo to /, then Login when signed out or the member's tools. */
export function Header({ navOpened, onToggleNav, navId }: HeaderProps) {
  const { user } = useSession();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
          aria-controls={navId}
        />
        {/* On a phone the title stays on one line inside the 60 px header, shortened if it must be. */}
        <Anchor component={Link} to="/" underline="never" aria-label={`${siteConfig.title} home`} miw={0}>
          <Title
            order={3}
            fz={{ base: 'md', xs: 'lg', sm: 'h3' }}
            style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {siteConfig.title}
          </Title>
        </Anchor>
      </Group>
      {user ? (
        <Suspense fallback={null}>
          <SignedInTools user={user} />
        </Suspense>
      ) : (
        <Button component={Link} to="/login">
          Login
        </Button>
      )}
    </Group>
  );
}
