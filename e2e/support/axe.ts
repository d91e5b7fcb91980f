/**
 * Runs axe-core (the accessibility engine) inside a page and returns what it finds at WCAG 2.2 AA, plus
 * the best-practice rules about landmarks and headings (one main, every part of the page in a landmark,
 * headings in order). Each finding is one line naming the rule, the element and why, so a failing run
 * reads as a to-do list.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = (require('axe-core') as { source: string }).source;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BEST_PRACTICE_RULES = [
  'bypass',
  'heading-order',
  'landmark-one-main',
  'landmark-unique',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-no-duplicate-main',
  'page-has-heading-one',
  'region',
];

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeResult {
  id: string;
  impact?: string;
  help: string;
  nodes: AxeNode[];
}

/** Makes axe available in every document the page loads from now on. */
export async function installAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: axeSource });
}

/**
 * The rules that fail on the page as shown now, one line per element. `rules` narrows the run to those
 * rules (for example only `target-size` at a phone's width); `within` (a CSS selector) to one part of
 * the page, for a walk that checks its own screen and not the shell around it.
 */
export async function axeViolations(page: Page, rules?: string[], within?: string): Promise<string[]> {
  const violations = await page.evaluate(
    async ({ only, tags, extra, scope }) => {
      interface Axe {
        getRules(tags: string[]): { ruleId: string; tags: string[] }[];
        run(context: Document | Element, options: unknown): Promise<{ violations: unknown }>;
      }
      const axe = (window as unknown as { axe: Axe }).axe;
      // Experimental rules are left out, as axe's own default run leaves them out.
      const stable = axe.getRules(tags).filter((rule) => !rule.tags.includes('experimental'));
      const values = only ?? [...stable.map((rule) => rule.ruleId), ...extra];
      const context = (scope && document.querySelector(scope)) || document;
      const result = await axe.run(context, { runOnly: { type: 'rule', values } });
      return result.violations;
    },
    { only: rules ?? null, tags: TAGS, extra: BEST_PRACTICE_RULES, scope: within ?? null },
  );
  return (violations as AxeResult[]).flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help} at ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
    ),
  );
}
