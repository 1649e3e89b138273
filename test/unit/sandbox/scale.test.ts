import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../../electron/sandbox/seed';
import { optionsFromArgs } from '../../../electron/sandbox/cli';
import { startSandbox } from '../../../electron/sandbox';

describe('a larger demo business for measurements (--customers)', () => {
  it('changes business A\'s customers only, deterministically', () => {
    const small = buildDemoData(1);
    const big = buildDemoData(1, { customers: 1200 });
    expect(big.A.customers.length).toBe(1200);
    expect(new Set(big.A.customers.map((c) => c.id)).size).toBe(1200);
    expect(big.B.customers.length).toBe(small.B.customers.length);
    expect(buildDemoData(1, { customers: 1200 }).A.customers.map((c) => c.id)).toEqual(big.A.customers.map((c) => c.id));
  });

  it('is a command-line option, and a bad count is refused', async () => {
    expect(optionsFromArgs(['--customers', '10004']).options.customers).toBe(10004);
    await expect(startSandbox({ customers: 0 })).rejects.toThrow(/customers must be/);
    await expect(startSandbox({ customers: 1.5 })).rejects.toThrow(/customers must be/);
  });
});
