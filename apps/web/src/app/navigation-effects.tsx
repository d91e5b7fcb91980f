import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { closeFlashes } from '../components/flash';

/** How long to wait for a hash anchor's element to appear (content usually arrives with a query). */
const ANCHOR_WAIT_MS = 10_000;
/** How long a back navigation waits for its page to grow tall enough to return to the old place. */
const RESTORE_WAIT_MS = 3_000;
/** How long a navigation waits for the new page's heading before giving up on moving focus there. */
const HEADING_WAIT_MS = 5_000;

function anchorId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Scrolls to the element with `id` as soon as it exists; returns a function that stops waiting. */
function scrollToAnchorWhenPresent(id: string): () => void {
  const scrolled = () => {
    const element = document.getElementById(id);
    element?.scrollIntoView();
    return element !== null;
  };
  if (scrolled()) return () => undefined;

  const observer = new MutationObserver(() => {
    if (scrolled()) stop();
  });
  const timer = window.setTimeout(stop, ANCHOR_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * What happens on each navigation (spec part 1 §2): success flashes close, the view scrolls to the top,
 * and a hash anchor is scrolled to once its element appears.
 *
 * The shell renders this before the page outlet on purpose: React runs sibling effects in tree order,
 * so a success flash that the newly shown page raises while mounting comes after this and stays.
 */
/**
 * A new attempt clears the errors of the previous one: every form submission (in the capture phase, so
 * before the form's own handler raises its new errors) closes the error flashes still showing.
 */
function useFreshErrorsPerAttempt() {
  useEffect(() => {
    const closeErrors = () => closeFlashes('error');
    document.addEventListener('submit', closeErrors, true);
    return () => document.removeEventListener('submit', closeErrors, true);
  }, []);
}

/** Waits for `find` to return an element (content usually arrives with a query); returns a stop function. */
function whenPresent<T>(find: () => T | null, then: (found: T) => void, timeoutMs: number): () => void {
  const found = find();
  if (found !== null) {
    then(found);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const later = find();
    if (later === null) return;
    stop();
    then(later);
  });
  const timer = window.setTimeout(stop, timeoutMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** Where each history entry was scrolled to when the reader left it, by location key. */
const scrollPositions = new Map<string, number>();

/**
 * Back and forward return the reader to where they were on that page (once it is tall enough again);
 * every other navigation starts at the top, or at the hash anchor once its element appears.
 */
function useScrollPlacement(key: string, hash: string) {
  const navigationType = useNavigationType();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useEffect(() => {
    const remember = () => scrollPositions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);
  useEffect(() => {
    const saved = scrollPositions.get(key);
    if (navigationType === NavigationType.Pop && saved !== undefined && saved > 0) {
      const reached = () => {
        window.scrollTo(0, saved);
        return Math.abs(window.scrollY - saved) < 2 ? true : null;
      };
      return whenPresent(reached, () => undefined, RESTORE_WAIT_MS);
    }
    window.scrollTo(0, 0);
    return hash ? scrollToAnchorWhenPresent(anchorId(hash)) : undefined;
    // The key alone names the visit; the navigation type belongs to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, hash]);
}

/**
 * After a navigation inside the app (not the first load), focus moves to the new page's heading, so a
 * keyboard or screen-reader user starts on the new content, and the live region announces the page.
 * A page that put focus in its own content already (a field with autofocus) keeps it.
 */
function useFocusAndAnnounce(key: string, announce: (text: string) => void) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    return whenPresent(
      () => document.querySelector<HTMLElement>('main h1'),
      (heading) => {
        const active = document.activeElement;
        const main = heading.closest('main');
        if (!(active && active !== document.body && main?.contains(active))) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus({ preventScroll: true });
        }
        announce(heading.textContent?.trim() || document.title);
      },
      HEADING_WAIT_MS,
    );
  }, [key, announce]);
}

export function NavigationEffects() {
  useFreshErrorsPerAttempt();
  const { key, hash } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    closeFlashes('success');
  }, [key]);
  useScrollPlacement(key, hash);
  useFocusAndAnnounce(key, setAnnouncement);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </VisuallyHidden>
  );
}
