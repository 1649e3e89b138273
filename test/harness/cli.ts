/**
 * npm run app:chromium -- [--headless] [--cdp-port N] [--lang en|he] [--first-run] [--key NAME] [--fault-rate 0..1] [--latency-ms MS]
 *                         [--vault-backend os|basic_text|unavailable] [--build] [--verbose] [--renderer-dir DIR] [--state-dir DIR]
 *                         [--sync-interval-ms MS] [--local-copy on|off]
 * Prints one JSON line once the first screen has rendered, then runs until SIGINT/SIGTERM.
 * --fault-rate and --latency-ms are the sandbox's (npm run sandbox): the app meets them from its first screen on.
 * The ready line's `control` is a loopback address: POST {control}/network {"online": false|true} pulls or restores the app's network.
 */
import { harnessArgs } from './cli-args';
import { launchHarness } from './launch';

const parsed = harnessArgs(process.argv.slice(2));
if ('error' in parsed) {
  process.stderr.write(`${parsed.error}\n`);
  process.exit(2);
}

// Its own browser: the app's window, whose closing ends the run.
const harness = await launchHarness({ ...parsed.options, ownBrowser: true, motion: true });
process.stdout.write(`${JSON.stringify({ ready: true, cdp: harness.cdp, control: harness.control, sandbox: harness.sandbox.baseUrl, keys: harness.sandbox.keys })}\n`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  harness.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
harness.browser.on('disconnected', stop);
