import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { FlashMessages } from '../../components/flash';
import { BirthdayPrompt } from '../../features/age-check/birthday-prompt';
import { NavigationEffects } from '../navigation-effects';
import { LiveListEffects } from '../live-list-effects';
import { SessionEffects } from '../session-effects';
import { Footer } from './footer';
import { Header } from './header';
import { SideNav } from './side-nav';

/** Moves focus past the header and navigation to the page itself: its heading, or the main area. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_ID);
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

const MAIN_ID = 'main-content';
const NAV_ID = 'main-navigation';

/** The frame around every page: header, side navigation, flash messages, the page, footer. */
export function Shell() {
  const [navOpened, { toggle, close }] = useDisclosure();
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToContent}>
        Skip to main content
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        padding="md"
      >
        <SessionEffects />
        <LiveListEffects />
        <AppShell.Header>
          <Header navOpened={navOpened} onToggleNav={toggle} navId={NAV_ID} />
        </AppShell.Header>
        {/* Marked while open, so that on a phone the collapsed (off-screen) navigation leaves the Tab order. */}
        <AppShell.Navbar p="sm" aria-label="Main navigation" id={NAV_ID} mod={{ 'nav-opened': navOpened }}>
          <SideNav onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID}>
          {/* Before the outlet: see NavigationEffects for why the order matters. Its live region that
              announces each new page sits inside the main landmark. */}
          <NavigationEffects />
          <FlashMessages />
          <BirthdayPrompt />
          <Outlet />
          <Footer />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
