/**
 * npm run docs:screenshots — the README's pictures, taken from the real app in the harness (npm run
 * app:chromium -- --headless --lang en|he) at 1280x800 once the local copy is filled, into docs/screenshots/.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs', 'screenshots');

interface Shot { file: string; lang: 'en' | 'he'; theme: 'light' | 'dark'; hash: string; ready: string }

const SHOTS: Shot[] = [
  { file: 'home-en.png', lang: 'en', theme: 'light', hash: '#/', ready: '[data-testid="sync-status"]' },
  { file: 'customers-he.png', lang: 'he', theme: 'light', hash: '#/customers', ready: '[data-testid="list-table"] tbody tr' },
  { file: 'expense-review-en-dark.png', lang: 'en', theme: 'dark', hash: '#/expense-review', ready: 'main h1, main h2' },
];

/** Starts the harness in one language; resolves with its DevTools address and a stop function. */
function startHarness(lang: string): Promise<{ cdp: string; stop: () => void }> {
  // This Node with tsx's loader (this script's own flags), so the stop signal reaches the harness itself.
  const child = spawn(process.execPath, [...process.execArgv, 'test/harness/cli.ts', '--headless', '--lang', lang], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const ready = JSON.parse(line) as { cdp: string };
      resolve({ cdp: ready.cdp, stop: () => { lines.close(); child.kill('SIGTERM'); } });
    });
    child.once('exit', (code) => reject(new Error(`the harness ended (${code}) before it was ready`)));
  });
}

async function settle(page: Page, shot: Shot): Promise<void> {
  await page.evaluate((theme) => (globalThis as unknown as { bridge: { invoke(op: string, input: unknown): Promise<unknown> } }).bridge.invoke('ui.setTheme', { theme }), shot.theme);
  await page.evaluate((hash) => { (globalThis as unknown as { location: { hash: string } }).location.hash = hash; }, shot.hash);
  // The copy filled (no area syncing), the screen drawn, then a moment for charts and fonts.
  await page.waitForSelector('[data-testid="sync-status"]:not([data-busy])', { timeout: 120_000 });
  await page.waitForSelector(shot.ready, { timeout: 60_000 });
  await page.reload();
  await page.waitForSelector(shot.ready, { timeout: 60_000 });
  await page.waitForTimeout(1500);
}

for (const lang of ['en', 'he'] as const) {
  const shots = SHOTS.filter((s) => s.lang === lang);
  const harness = await startHarness(lang);
  try {
    const browser = await chromium.connectOverCDP(harness.cdp);
    const page = browser.contexts()[0]!.pages()[0]!;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const shot of shots) {
      await settle(page, shot);
      await page.screenshot({ path: join(OUT, shot.file) });
      console.log(`docs/screenshots/${shot.file}`);
    }
    await browser.close().catch(() => {});
  } finally {
    harness.stop();
  }
}
process.exit(0);
