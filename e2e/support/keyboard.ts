/**
 * A keyboard-only driver for walks that must not touch the mouse: focus moves with Tab (or Shift+Tab)
 * until it reaches the wanted control, and every control reached must show that it has the focus.
 * Reading the page (where the focus is, what it looks like) is fine; acting on it goes through keys only.
 */
import type { Locator, Page } from 'playwright-core';

/** More Tab presses than any screen's controls before the one a walk wants. */
const MAX_PRESSES = 80;

const NOTHING = '(nothing)';

/** What the focused element is, for a failure message: its tag, role, name or text. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate((nothing) => {
    const element = document.activeElement;
    if (!element || element === document.body) return nothing;
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const role = element.getAttribute('role');
    return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name.trim().slice(0, 40)}"`;
  }, NOTHING);
}

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/**
 * Whether the focused element shows a focus indicator a sighted keyboard user can see: it is on the
 * screen (not in a panel slid out of view), with an outline or a box shadow on it, or an outline on its
 * parent for an input drawn inside a box (a password field).
 */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const box = element.getBoundingClientRect();
    const onScreen =
      box.width > 0 &&
      box.height > 0 &&
      box.right > 0 &&
      box.bottom > 0 &&
      box.left < window.innerWidth &&
      box.top < window.innerHeight;
    if (!onScreen) return false;
    const own = getComputedStyle(element);
    if (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) return true;
    if (own.boxShadow !== 'none' && own.boxShadow !== '') return true;
    const parent = element.parentElement ? getComputedStyle(element.parentElement) : null;
    return !!parent && parent.outlineStyle !== 'none' && parseFloat(parent.outlineWidth) > 0;
  });
}

/**
 * Presses Tab (or Shift+Tab with `backwards`) until `target` has the focus. Every control the focus
 * stops on, the target included, must show that it has it. Fails, listing where the focus went, after
 * `MAX_PRESSES` presses.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false } = {}): Promise<void> {
  await target.waitFor();
  const visited: string[] = [];
  const unseen: string[] = [];
  for (let presses = 0; !(await isFocused(target)); presses += 1) {
    if (presses >= MAX_PRESSES) {
      throw new Error(
        `${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()} in ${MAX_PRESSES} presses; ` +
          `the focus went through:\n  ${visited.join('\n  ')}`,
      );
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const stop = await describeFocus(page);
    visited.push(stop);
    // Past the last control the focus leaves the page for the browser's own controls: nothing to see.
    if (stop !== NOTHING && !(await focusIsVisible(page))) unseen.push(stop);
  }
  if (!(await focusIsVisible(page))) unseen.push(`${target.toString()} (the target)`);
  if (unseen.length > 0) {
    throw new Error(`the focus stopped on controls that show no focus indicator:\n  ${unseen.join('\n  ')}`);
  }
}

/** Tabs to a text field and types into it, key by key. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

interface Activation {
  /** Enter for links and buttons (the default), Space for checkboxes. */
  key?: 'Enter' | 'Space';
  /** Shift+Tab: for the header and navigation, which come before the page's own content. */
  backwards?: boolean;
}

/** Tabs to a control and presses a key on it. */
export async function activate(
  page: Page,
  control: Locator,
  { key = 'Enter', backwards = false }: Activation = {},
): Promise<void> {
  await tabTo(page, control, { backwards });
  await page.keyboard.press(key);
}

/**
 * After a navigation inside the app, the new page's heading takes the focus (app/navigation-effects):
 * waits for that, so the next Tab starts from the new page rather than racing it.
 */
export async function arrivedAt(page: Page, heading: string | RegExp): Promise<void> {
  await page.locator('main h1').filter({ hasText: heading }).first().waitFor();
  await page.waitForFunction(() => document.activeElement?.matches('main h1') === true, undefined, {
    timeout: 10_000,
  });
}

/**
 * Types a date into a focused native date input, segment by segment in the order the browser's locale
 * shows them (month/day/year in en-US), as a member would type it.
 */
export async function typeDate(page: Page, isoDate: string): Promise<void> {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const order = await page.evaluate(() =>
    new Intl.DateTimeFormat(navigator.language, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(2000, 10, 22))
      .map((part) => part.type)
      .filter((type) => type === 'year' || type === 'month' || type === 'day'),
  );
  const segments: Record<string, string> = { year, month, day };
  for (const segment of order) await page.keyboard.type(segments[segment] ?? '');
}
