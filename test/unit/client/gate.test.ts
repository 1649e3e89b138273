import { describe, expect, it } from 'vitest';
import { RateGate, type Priority } from '../../../electron/client';

/** A token bucket like the sandbox's (rate r a second, burst r), on a fake clock. */
function server(rate: number, clock: { t: number }) {
  let tokens = rate;
  let at = 0;
  return () => {
    tokens = Math.min(rate, tokens + ((clock.t - at) / 1000) * rate);
    at = clock.t;
    if (tokens >= 1) { tokens -= 1; return 200; }
    return 429;
  };
}

/** Walks `n` requests through the gate against the server; each request takes `ms` of fake time. */
async function walk(gate: RateGate, clock: { t: number }, serve: () => number, n: number, priority: Priority, ms = 2) {
  let limited = 0;
  for (let i = 0; i < n; i++) {
    for (;;) {
      const done = await gate.acquire(priority);
      clock.t += ms;
      const status = serve();
      done(status, status === 429 ? 1 : undefined);
      if (status !== 429) break;
      limited += 1;
      clock.t += 1_000; // the client waits Retry-After
    }
  }
  return limited;
}

function fake() {
  const clock = { t: 0 };
  const gate = new RateGate(() => clock.t, async (ms) => { clock.t += ms; });
  return { clock, gate };
}

describe('RateGate: priority and pacing', () => {
  it('learns the rate from the first 429, then walks within the limit without another one, close to its floor', async () => {
    const { clock, gate } = fake();
    const serve = server(50, clock);
    expect(await walk(gate, clock, serve, 100, 'walk')).toBe(1);
    expect(gate.state().rate).toBeGreaterThan(45);
    clock.t += 2_000; // idle: the bucket is full again
    const start = clock.t;
    expect(await walk(gate, clock, serve, 100, 'walk')).toBe(0);
    // Floor: (100 requests - burst 50) / 50 a second = 1 s.
    expect(clock.t - start).toBeLessThanOrEqual(1_100);
  });

  it('lets user requests go at once and holds sync back while a user request is in flight and just after', async () => {
    const clock = { t: 0 };
    let userDone: ((s: number) => void) | null = null;
    // The user's answer arrives 3 s into sync's wait.
    const gate = new RateGate(() => clock.t, async (ms) => { clock.t += ms; if (clock.t >= 3_000 && userDone) { userDone(200); userDone = null; } });
    userDone = await gate.acquire('user');
    expect(clock.t).toBe(0);
    (await gate.acquire('sync'))(200);
    expect(clock.t).toBeGreaterThanOrEqual(3_000 + 750); // the user's request ended, then went quiet
    const t1 = clock.t;
    (await gate.acquire('user'))(200);
    expect(clock.t).toBe(t1);
  });

  it('holds background requests through a 503 Retry-After; user requests are not held', async () => {
    const { clock, gate } = fake();
    (await gate.acquire('walk'))(503, 5);
    const t0 = clock.t;
    (await gate.acquire('user'))(200);
    expect(clock.t).toBe(t0);
    (await gate.acquire('walk'))(200);
    expect(clock.t - t0).toBeGreaterThanOrEqual(5_000);
  });
});

describe('learnRate', () => {
  it('finds the bucket rate from a burst that ran dry, even after a slow first request, and in any answer order', async () => {
    const { learnRate } = await import('../../../electron/client/gate');
    // A slow first request (700 ms, bucket full meanwhile), then 5 ms apart until a 50/s bucket refuses one.
    const sends = [0, ...Array.from({ length: 200 }, (_, i) => 700 + i * 5)];
    let tokens = 50; let last = 0; const accepted: number[] = []; let refused = -1;
    for (const t of sends) {
      tokens = Math.min(50, tokens + ((t - last) / 1000) * 50); last = t;
      if (tokens < 1) { refused = t; break; }
      tokens -= 1; accepted.push(t);
    }
    const r = learnRate([...accepted].reverse(), refused)!;
    expect(r).toBeGreaterThan(48);
    expect(r).toBeLessThan(51);
  });

  it('learns nothing from what no single bucket explains (a limit shared with another client)', async () => {
    const { learnRate } = await import('../../../electron/client/gate');
    // Five requests a second apart, the sixth refused: no bucket with burst = rate refuses that.
    expect(learnRate([0, 1000, 2000, 3000, 4000], 5000)).toBeNull();
  });
});
