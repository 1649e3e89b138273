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

let settling = 0;
/**
 * A new screen's first frame lays out only the sections in view (body[data-arriving], kit/paper.css);
 * the frame after it lays out the rest, before the user can scroll to them.
 */
export function markScreenArriving(): void {
  document.body.dataset.arriving = '';
  cancelAnimationFrame(settling);
  settling = requestAnimationFrame(() => setTimeout(() => { delete document.body.dataset.arriving; }, 0));
}
