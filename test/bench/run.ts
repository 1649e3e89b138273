/**
 * `npm run bench`: every benchmark, each reported as ratios against a baseline measured in the
 * same run; the last line is one JSON object with all figures.
 */
import { benchSandbox } from './sandbox.bench';
import { benchClient } from './client.bench';

const benches: [string, () => Promise<Record<string, number>>][] = [
  ['sandbox', benchSandbox],
  ['client', benchClient],
];

const all: Record<string, number> = {};
for (const [name, run] of benches) {
  const figures = await run();
  for (const [k, v] of Object.entries(figures)) console.log(`${name.padEnd(8)} ${k.padEnd(34)} ${v}`);
  Object.assign(all, figures);
}
console.log(JSON.stringify(all));
