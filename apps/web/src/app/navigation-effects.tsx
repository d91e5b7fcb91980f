import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { closeFlashes } from '../components/flash';

/** How long to wait for a hash anchor's element to appear (content usually arrives with a query). */
const ANCHOR_WAIT_MS = 10_000;

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

export function NavigationEffects() {
  useFreshErrorsPerAttempt();
  const { key, hash } = useLocation();
  useEffect(() => {
    closeFlashes('success');
    window.scrollTo(0, 0);
    return hash ? scrollToAnchorWhenPresent(anchorId(hash)) : undefined;
  }, [key, hash]);
  return null;
}
