/**
 * Connects a browser context's pages to the core's router the way the preload does over IPC: each
 * page of the app's origin opens one WebSocket to the harness's own server (same origin, so the
 * page's CSP lets it through), and calls, answers, cancels and main's events cross it as text.
 *
 * Why not Playwright's exposeBinding (the transport until 2026-11-27): its in-process client and
 * server hand every message to each other through setImmediate, so an answer waited in Node's event
 * loop behind whatever the next call or the sandbox did synchronously: a list window's round trip
 * took 14 to 17 ms with 2 ms of it in main, 16 to 25 ms more at times. Electron's IPC sends the
 * answer when the handler settles; so does this socket (`bridge_hop_ms` measures what is left).
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { sameOrigin, type Core } from '../../electron/core';
import { BRIDGE_INIT_SCRIPT, transportInitScript } from './bridge-init';
import type { StaticServer } from './static-server';

export interface BridgeTransportOptions {
  /** Init scripts that must run after the transport exists and before the bridge captures it (the bench's probe). */
  before?: string[];
  /** Told how long the router took on each call, in Node (the bench's split of a round trip). */
  onHandled?: (callId: string, operation: string, ms: number) => void;
}

/** A call as the page sent it; anything that is not our JSON text reaches the router as an empty call, which it refuses. */
function decodeCall(payload: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Messages are `<kind><seq>\n<text>`: `q` a call and `r` its answer (same seq), `c` a cancel, `e` an event. */
function split(data: RawData): { kind: string; seq: string; text: string } | null {
  const s = data.toString();
  const nl = s.indexOf('\n');
  return nl < 1 ? null : { kind: s[0]!, seq: s.slice(1, nl), text: s.slice(nl + 1) };
}

export interface BridgeConnection {
  /** The socket's ws:// address (a test knocks on it from another origin). */
  url: string;
  /** Closes its sockets and stops the event pushes. */
  close(): void;
}

/** Wires the context. */
export async function connectBridge(context: BrowserContext, core: Core, web: Pick<StaticServer, 'origin' | 'upgrade'>, opts: BridgeTransportOptions = {}): Promise<BridgeConnection> {
  const allowed = sameOrigin(web.origin);
  const path = `/__bridge/${randomUUID()}`;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const sockets = new Map<WebSocket, string>();

  const serve = (ws: WebSocket, sender: string) => {
    ws.on('message', (data) => {
      const m = split(data);
      if (!m) return;
      if (m.kind === 'c') {
        if (allowed(sender)) core.router.cancel(m.text);
        return;
      }
      if (m.kind !== 'q') return;
      const call = decodeCall(m.text);
      const start = performance.now();
      void core.router.handle(sender, call.callId, call.operation, call.input).then((reply) => {
        opts.onHandled?.(String(call.callId), String(call.operation), performance.now() - start);
        // Sent as soon as the router settles, as Electron's IPC answers an invoke.
        if (ws.readyState === ws.OPEN) ws.send(`r${m.seq}\n${JSON.stringify(reply)}`);
      });
    });
  };

  const stopUpgrades = web.upgrade(path, (req, socket, head) => {
    // The page's origin as the browser stated it stands for the frame's URL the preload's sender check reads:
    // the router refuses another origin's calls, as it refuses another frame's over IPC.
    const sender = `${typeof req.headers.origin === 'string' ? req.headers.origin : 'null'}/`;
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(ws, sender);
      ws.once('close', () => sockets.delete(ws));
      serve(ws, sender);
    });
  });

  const url = `${web.origin.replace(/^http/, 'ws')}${path}`;
  await context.addInitScript({ content: transportInitScript(web.origin, url) });
  for (const content of opts.before ?? []) await context.addInitScript({ content });
  await context.addInitScript({ content: BRIDGE_INIT_SCRIPT });
  const stopEvents = core.events.on((event, payload) => {
    const text = `e\n${JSON.stringify([event, payload])}`;
    for (const [ws, sender] of sockets) if (allowed(sender) && ws.readyState === ws.OPEN) ws.send(text);
  });
  return {
    url,
    close: () => {
      stopEvents();
      stopUpgrades();
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
    },
  };
}
