import { useEffect, useRef, type RefObject } from 'react';
import type { FlashMessage } from './flash-store';

/**
 * Why: the flash stack sits at the top of the page, above the screen. A member who saves a long form
 * (the profile editor, the settings) has scrolled far below it, so the answer to the click ("Profile
 * updated successfully.", or an error) appeared 1,000–2,000 px above the viewport and was never seen
 * (issue 47, finding 5). Rather than every form scrolling to its own answer, the stack does it once for
 * all of them: a flash that is new and not wholly in view is scrolled into view. Flashes already shown
 * do not move the page again, and a flash that is already in view leaves the page where it is.
 *
 * The fixed header is kept clear by the page's `scroll-padding-top` (app/global.css), which
 * `scrollIntoView` honours; the same value decides here what counts as "in view".
 */

/** The band at the top of the viewport that the fixed header covers (the root's scroll-padding-top). */
function coveredTop(): number {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  return Number.isFinite(padding) ? padding : 0;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Whether `element` lies wholly between the header's band and the bottom of the viewport. */
export function isInView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= coveredTop() && box.bottom <= window.innerHeight;
}

/**
 * Whether the focus is on a field marked invalid: a refused form shows its answer at the field, which
 * form-errors.ts (`focusFirstInvalid`) focuses and so scrolls to; the flash must not pull the view away
 * from it. (Should the focus move there after this reveal began, the focus's own scroll ends this one.)
 */
function answeredAtField(): boolean {
  return document.activeElement?.matches('[aria-invalid="true"], input[data-invalid="true"]') ?? false;
}

/**
 * Scrolls `element` into view unless it is already there or the answer is at a refused field:
 * smoothly, unless the member asks for less motion.
 */
export function revealIfOutOfView(element: Element): void {
  if (isInView(element) || answeredAtField()) return;
  element.scrollIntoView?.({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/**
 * After each render of the stack, reveals the first flash not seen before. Each flash element carries
 * `data-flash-id` with its message's id. Returns the ref for the stack's element.
 */
export function useRevealNewFlash<T extends HTMLElement>(
  messages: readonly FlashMessage[],
): RefObject<T | null> {
  const stack = useRef<T | null>(null);
  const seen = useRef(new Set<number>());
  useEffect(() => {
    const fresh = messages.filter((message) => !seen.current.has(message.id));
    seen.current = new Set(messages.map((message) => message.id));
    const first = fresh[0];
    if (!first || !stack.current) return;
    const element = stack.current.querySelector(`[data-flash-id="${first.id}"]`);
    if (element) revealIfOutOfView(element);
  }, [messages]);
  return stack;
}
