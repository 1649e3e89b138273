import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, blocking } from './axe';
import { screenshot } from './support';

const scheme = (page: Page) => page.getAttribute('html', 'data-mantine-color-scheme');

/** Closes every notice on screen with its own close button, and waits until none is left. */
async function closeNotices(page: Page): Promise<void> {
  const notices = '.mantine-Notification-root';
  await page.$$eval(`${notices} .mantine-Notification-closeButton`, (buttons) => { for (const b of buttons) (b as unknown as { click(): void }).click(); });
  await expect.poll(() => page.locator(notices).count(), { timeout: 10_000 }).toBe(0);
}

/** The screen as it is now through the accessibility gate in light, then in dark (a screenshot of each), and back to light. */
export async function bothThemesA11y(page: Page, lang: 'en' | 'he', what: string, shot: string): Promise<void> {
  // Notices an earlier step left (a lead moved on the board) would cover the screen in its screenshots.
  await closeNotices(page);
  await screenshot(page, lang, shot, true);
  expect(blocking(await axeViolations(page)), `${what}, light`).toEqual([]);
  await page.click('[data-testid="theme-switch"] [data-theme="dark"]');
  await expect.poll(() => scheme(page)).toBe('dark');
  // The theme's colour transition has ended before axe reads the contrast.
  await page.waitForTimeout(300);
  await screenshot(page, lang, `${shot}-dark`, true);
  expect(blocking(await axeViolations(page)), `${what}, dark`).toEqual([]);
  await page.click('[data-testid="theme-switch"] [data-theme="light"]');
  await expect.poll(() => scheme(page)).toBe('light');
}
