import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { FlashMessages } from '../../components/flash';
import { NavigationEffects } from '../navigation-effects';
import { LiveListEffects } from '../live-list-effects';
import { SessionEffects } from '../session-effects';
import { Footer } from './footer';
import { Header } from './header';
import { SideNav } from './side-nav';

/** The frame around every page: header, side navigation, flash messages, the page, footer. */
export function Shell() {
  const [navOpened, { toggle, close }] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      {/* Before the outlet: see NavigationEffects for why the order matters. */}
      <NavigationEffects />
      <SessionEffects />
      <LiveListEffects />
      <AppShell.Header>
        <Header navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main navigation">
        <SideNav onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <FlashMessages />
        <Outlet />
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}
