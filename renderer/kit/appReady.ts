/** Tells the harness (and Electron tests) that a real first screen is on display. */
export function markAppReady(): void {
  document.body.dataset.appReady = 'true';
}
