import './below-main';
import { extname } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { measureMemory } from 'node:vm';
import { Worker, parentPort } from 'node:worker_threads';
import type { BridgeError } from '../../../shared';
import { toBridgeError } from '../errors';
import { Engine } from './engine';
import { BACK_ROOM_FILE } from './engine-launch';
import { abortFetch, serveFetch } from './engine-fetch';
import { engineRequestSchema, hostMessageSchema, type ApiAsk, type EngineMessage } from './engine-protocol';

/**
 * The copy's engine thread: one Engine, its requests answered by id, its questions to the API sent to
 * main. Main's thread only routes; the database, the passes and the queries run here.
 */
const port = parentPort;
if (!port) throw new Error('the local copy engine runs in a worker thread');

const send = (m: EngineMessage, move: ArrayBuffer[] = []) => port.postMessage(m, move);
/** The back room's thread, from its file beside this one (engine-launch.ts). */
const backRoom = () => new Worker(new URL(`./${BACK_ROOM_FILE}${extname(new URL(import.meta.url).pathname)}`, import.meta.url));

/** An error main's session answered an API question with: the fields the passes classify by. */
class RemoteError extends Error {
  readonly kind: BridgeError['kind'];
  readonly status: number | undefined;
  readonly code: string | undefined;
  constructor(private readonly bridge: BridgeError) {
    super(bridge.message);
    this.kind = bridge.kind;
    this.status = bridge.status;
    this.code = bridge.code;
  }

  toBridgeError(): BridgeError {
    return this.bridge;
  }
}

let asked = 0;
const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();

function api(ask: ApiAsk, signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.reject(new RemoteError({ kind: 'cancelled', message: 'The pass was stopped.' }));
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const stop = () => { waiting.delete(id); reject(new RemoteError({ kind: 'cancelled', message: 'The pass was stopped.' })); };
    signal.addEventListener('abort', stop, { once: true });
    waiting.set(id, {
      resolve: (v) => { signal.removeEventListener('abort', stop); resolve(v); },
      reject: (e) => { signal.removeEventListener('abort', stop); reject(e); },
    });
    send({ type: 'api', id, ask });
  });
}

const engine = new Engine({
  api,
  progress: (payload) => send({ type: 'progress', payload }),
  changed: (areas) => send({ type: 'changed', payload: { areas } }),
  notice: (notice) => send({ type: 'notice', notice }),
  outbox: (counts) => send({ type: 'outbox', counts }),
}, undefined, backRoom);

/**
 * Closes the copy and keeps the thread for the next one. libsql's prepared statements keep a closed
 * database's files open until they are garbage-collected (a file open cannot be deleted on Windows): an
 * eager memory measurement makes V8 collect now, and their finalizers run in the turns after it.
 */
async function release(): Promise<void> {
  await engine.close();
  await measureMemory({ mode: 'summary', execution: 'eager' });
  await turn();
  await turn();
}

async function handle(request: ReturnType<typeof engineRequestSchema.parse>): Promise<unknown> {
  switch (request.op) {
    case 'open': return engine.open(request);
    case 'run': return engine.run(request.options);
    case 'abort': return engine.abort();
    case 'query': return engine.query(request.input);
    case 'aggregate': return engine.aggregate(request.input);
    case 'readMany': return engine.readMany(request.input);
    case 'status': return engine.status();
    case 'wrote': return engine.wrote(request.route, request.params, request.data);
    case 'missing': return engine.missing(request.route, request.params);
    case 'deny': return engine.deny(request.permission);
    case 'unverify': return engine.unverify();
    case 'footprint': return engine.footprint();
    case 'close': return engine.close();
    case 'release': return release();
    case 'outboxSubmit': return engine.outboxSubmit(request.input);
    case 'outboxList': return engine.outboxList();
    case 'outboxDiscard': return engine.outboxDiscard(request.id);
    case 'outboxResolve': return engine.outboxResolve(request.input);
  }
}

port.on('message', (raw: unknown) => {
  const m = hostMessageSchema.safeParse(raw);
  if (!m.success) return; // main sends only these; anything else is dropped
  const msg = m.data;
  if (msg.type === 'fetch') { serveFetch(msg, send); return; }
  if (msg.type === 'fetch-abort') { abortFetch(msg.id); return; }
  if (msg.type === 'api-reply') {
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.ok) w?.resolve(msg.data); else w?.reject(new RemoteError(msg.error));
    return;
  }
  void handle(msg.request).then(
    (data) => {
      send({ type: 'reply', id: msg.id, ok: true, data });
      // Closed: the thread ends itself, between two tasks. Ended from outside (Worker.terminate) in the middle
      // of a database call, libsql's native layer aborts the whole process (a Rust panic), main with it.
      if (msg.request.op === 'close') setImmediate(() => process.exit(0));
    },
    (err: unknown) => send({ type: 'reply', id: msg.id, ok: false, error: toBridgeError(err) }),
  );
});
