/** Tells the harness (and Electron tests) that a real first screen is on display. */
export function markAppReady(): void {
  document.body.dataset.appReady = 'true';
}

/**
 * Tells the harness which screen is on display (after the commit that rendered it): right after an
 * address changes the previous screen is still shown, and a test waiting for "a table" would read it.
 */
export function markScreenShown(path: string): void {
  document.body.dataset.screen = path;
}
