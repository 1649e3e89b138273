/**
 * Connects a browser context's pages to the core's router the way the preload does over IPC: two
 * Playwright bindings (a call, a cancel) and a hook main pushes events through. Calls and answers
 * cross as JSON text, which the page's bridge script encodes and decodes: Playwright's own value
 * serialisation walks every value through its protocol and took about three times as long on a
 * 30-row answer (10 against 3.5 ms), a cost Electron's structured clone does not have.
 */
import type { BrowserContext } from 'playwright-core';
import { sameOrigin, type Core } from '../../electron/core';
import { BRIDGE_INIT_SCRIPT } from './bridge-init';

export interface BridgeTransportOptions {
  /** Init scripts that must run after the bindings exist and before the bridge captures them (the bench's probe). */
  before?: string[];
  /** Told how long the router took on each call, in Node (the bench's split of a round trip). */
  onHandled?: (callId: string, operation: string, ms: number) => void;
}

/** A call as the page sent it; anything that is not our JSON text reaches the router as an empty call, which it refuses. */
function decodeCall(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'string') return {};
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Wires the context; the function it answers stops the event pushes. */
export async function connectBridge(context: BrowserContext, core: Core, origin: string, opts: BridgeTransportOptions = {}): Promise<() => void> {
  const allowed = sameOrigin(origin);
  await context.exposeBinding('__bizopsInvoke', async (source, payload: unknown) => {
    const call = decodeCall(payload);
    const start = performance.now();
    const reply = await core.router.handle(source.frame.url(), call.callId, call.operation, call.input);
    opts.onHandled?.(String(call.callId), String(call.operation), performance.now() - start);
    return JSON.stringify(reply);
  });
  await context.exposeBinding('__bizopsCancel', (source, callId: unknown) => {
    if (allowed(source.frame.url())) core.router.cancel(callId);
  });
  for (const content of opts.before ?? []) await context.addInitScript({ content });
  await context.addInitScript({ content: BRIDGE_INIT_SCRIPT });
  return core.events.on((event, payload) => {
    const text = JSON.stringify([event, payload]);
    for (const pg of context.pages()) {
      pg.evaluate((json) => {
        const [e, p] = JSON.parse(json) as [unknown, unknown];
        (globalThis as unknown as { __bizopsEmit?: (e: unknown, p: unknown) => void }).__bizopsEmit?.(e, p);
      }, text).catch(() => undefined);
    }
  });
}
