import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once (its TypeScript types need the DOM lib, which the Node project has not). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending nodes, each with axe's own summary of what is wrong there. */
  nodes: { target: string; why: string }[];
}

/** What this gate fails on: axe's two highest impact levels. */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

/** What the wait for transitions reads in the page (this file is typed for Node). */
interface PageWithAnimations { document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] } }

interface AxeGlobal {
  axe?: {
    run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
  };
  document: unknown;
}

/**
 * Runs axe on the page once its transitions have ended (WCAG 2.x A/AA plus best practices): a
 * half-faded overlay has no contrast to measure, and on a busy machine a transition outlasts any
 * fixed wait; a spinner's endless animation is not waited for. The bundle goes in through
 * page.evaluate, which runs over CDP and so is not blocked by the page's `script-src 'self'`.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.waitForFunction(() => (globalThis as unknown as PageWithAnimations).document.getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 10_000 });
  const loaded = await page.evaluate(() => typeof (globalThis as unknown as AxeGlobal).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const g = globalThis as unknown as AxeGlobal;
    if (!g.axe) throw new Error('axe-core did not load in the page');
    const result = await g.axe.run(g.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), why: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim() })),
    }));
  });
}

/** The violations that fail the gate. */
export const blocking = (violations: AxeViolation[]): AxeViolation[] => violations.filter((v) => v.impact !== null && BLOCKING_IMPACTS.includes(v.impact));
