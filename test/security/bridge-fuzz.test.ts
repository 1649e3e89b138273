import { describe, expect, it } from 'vitest';
import { bridgeErrorSchema, OPERATION_NAMES, OPERATIONS } from '../../shared';
import { makeCore, APP_PAGE } from '../unit/core/fixtures';

/** Seeded PRNG (mulberry32) so a failure can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20260121;
const ROUNDS = 3000;

function garbageFactory(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const str = () => pick(['', ' ', 'a', '__proto__', 'constructor', '\u0000', 'x'.repeat(5000), '../../etc/passwd', 'app.info ', 'ＡＰＰ', '😀', 'profiles.add\n']);
  const scalar = (): unknown => pick([null, undefined, true, false, 0, -1, 1e308, Number.NaN, Infinity, str(), Symbol.for('x'), 10n, () => 1]);
  const value = (depth: number): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.4) return scalar();
    if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = 0; i < Math.floor(rand() * 5); i += 1) {
      // defineProperty: an own "__proto__" key, as JSON.parse would make, not a prototype change.
      Object.defineProperty(o, pick(['id', 'name', 'route', 'key', 'url', 'text', '__proto__', 'constructor', str()]), { value: value(depth + 1), enumerable: true, configurable: true, writable: true });
    }
    return o;
  };
  /** Anything that is not a plain object: no operation accepts it. */
  const nonObject = () => pick([null, undefined, 1, 'x', [], [{}], true, () => ({}), new Date(0)]);
  return { pick, str, value, nonObject };
}

describe('bridge fuzzing', () => {
  it(`${ROUNDS} garbage calls never throw and never succeed`, async () => {
    const t = makeCore();
    const rand = prng(SEED);
    const g = garbageFactory(rand);
    for (let i = 0; i < ROUNDS; i += 1) {
      const kind = i % 4;
      let r: Awaited<ReturnType<typeof t.core.router.handle>>;
      if (kind === 0) r = await t.core.router.handle(APP_PAGE, `c${i}`, g.value(0), g.value(0)); // unknown operation
      else if (kind === 1) r = await t.core.router.handle(APP_PAGE, `c${i}`, g.pick(OPERATION_NAMES), g.nonObject()); // real operation, non-object input
      else if (kind === 2) r = await t.core.router.handle(g.pick(['https://evil.example/', 'file:///x', 'app://bizops.evil/', null, 3]), `c${i}`, g.pick(OPERATION_NAMES), {}); // foreign sender
      else r = await t.core.router.handle(APP_PAGE, g.pick([null, '', 7, {}, 'x'.repeat(200)]), g.pick(OPERATION_NAMES), {}); // bad call id
      expect(r.ok, `round ${i}`).toBe(false);
      if (!r.ok) expect(bridgeErrorSchema.safeParse(r.error).success).toBe(true);
    }
    expect(t.api.calls).toHaveLength(0);
    expect(t.core.profiles.list().profiles).toHaveLength(0);
    expect(t.core.router.inFlight()).toBe(0);
  });

  it('random objects for real operations never throw; any success still matches the output contract', async () => {
    const t = makeCore();
    const rand = prng(SEED + 1);
    const g = garbageFactory(rand);
    for (let i = 0; i < ROUNDS; i += 1) {
      const op = g.pick(OPERATION_NAMES);
      const input = Object.fromEntries(Object.keys(OPERATIONS[op].input.shape).map((k) => [k, g.value(1)]));
      const r = await t.core.router.handle(APP_PAGE, `r${i}`, op, input);
      if (r.ok) expect(OPERATIONS[op].output.safeParse(r.data).success, `${op} round ${i}`).toBe(true);
      else expect(bridgeErrorSchema.safeParse(r.error).success).toBe(true);
    }
    expect(t.core.router.inFlight()).toBe(0);
  });
});
