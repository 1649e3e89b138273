import { describe, expect, it } from 'vitest';
import { clearOffline, meansOffline, networkState, noteRetry, trackCall } from '../../renderer/bridge/network';

describe('connection state of the window (banner)', () => {
  it('waits since the oldest call still out; a retry notice shows until an answer comes', () => {
    const a = trackCall(1_000);
    const b = trackCall(2_000);
    expect(networkState().waitingSince).toBe(1_000);
    noteRetry({ reason: 'rate_limited', delay_ms: 1_000, attempt: 1 }, 2_500);
    expect(networkState().retry).toEqual({ reason: 'rate_limited', until: 3_500, attempt: 1 });
    a({ ok: true, data: {} });
    expect(networkState()).toMatchObject({ waitingSince: 2_000, retry: null, offline: null });
    b({ ok: false, error: { kind: 'network', message: 'Could not reach the API.' } });
    expect(networkState().waitingSince).toBeNull();
    expect(networkState().offline).toMatchObject({ kind: 'network' });
  });

  it('any answer of the service (even an error) means it is reachable; 503, timeouts and no connection mean it is not', () => {
    const c = trackCall();
    c({ ok: false, error: { kind: 'api', status: 404, code: 'resource_not_found', message: 'x' } });
    expect(networkState().offline).toBeNull();
    const d = trackCall();
    d({ ok: false, error: { kind: 'api', status: 503, message: 'x' } });
    expect(networkState().offline).toMatchObject({ status: 503 });
    const e = trackCall();
    e({ ok: false, error: { kind: 'cancelled', message: 'x' } });
    expect(networkState().offline).toMatchObject({ status: 503 });
    clearOffline();
    expect(networkState().offline).toBeNull();
    expect(meansOffline({ kind: 'timeout', message: 'x' })).toBe(true);
    expect(meansOffline({ kind: 'api', status: 429, message: 'x' })).toBe(false);
  });
});
