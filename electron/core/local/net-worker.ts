import './below-main';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { abortFetch, serveFetch } from './engine-fetch';
import { netAskSchema } from './net-protocol';

/**
 * The copy's network thread, started by the engine's: it runs the page exchanges main's client hands
 * it (over a port the engine passed on to main) and sends each 2xx body to the engine's thread.
 */
const parent = parentPort;
if (!parent) throw new Error('the local copy\'s network thread runs in a worker thread');

parent.once('message', (m: { port?: unknown }) => {
  const port = m.port as MessagePort;
  port.on('message', (raw: unknown) => {
    const ask = netAskSchema.safeParse(raw);
    if (!ask.success) return; // main sends only these
    if (ask.data.type === 'fetch-abort') { abortFetch(ask.data.id); return; }
    serveFetch(ask.data, (reply, move = []) => port.postMessage(reply, move), (body) => parent.postMessage(body, [body.body]));
  });
});
