import { LOCAL_QUERY_LIMITS, type LocalAggregateInput, type LocalAggregateOutput, type LocalQueryInput, type LocalQueryOutput, type LocalRead, type LocalReadResult } from '../../shared';
import { invoke } from '../bridge/invoke';

/**
 * Reads of the copy asked in the same turn (a record's related sections, a home screen's figures as
 * its sections mount, a list's windows) go to main as one local.readMany call: one bridge hop
 * instead of one per read. Each read keeps its own query and cache entry; only the trip is shared.
 * Sent at the end of the turn (a microtask), so a read asked alone is not held back.
 */
interface Kinds {
  query: { input: LocalQueryInput; output: LocalQueryOutput };
  aggregate: { input: LocalAggregateInput; output: LocalAggregateOutput };
}
type Kind = keyof Kinds;

interface Asked {
  read: LocalRead;
  resolve: (out: LocalReadResult) => void;
  reject: (e: unknown) => void;
}

let queue: Asked[] = [];

/** One read, sent with the others asked in this turn. */
export function batchedRead<K extends Kind>(kind: K, input: Kinds[K]['input'], signal?: AbortSignal): Promise<Kinds[K]['output']> {
  return new Promise<LocalReadResult>((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    // An aborted read stops waiting; the shared call goes on for the others.
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    queue.push({ read: (kind === 'query' ? { query: input } : { aggregate: input }) as LocalRead, resolve, reject });
    if (queue.length === 1) queueMicrotask(flush);
  }).then((r) => ('query' in r ? r.query : r.aggregate) as Kinds[K]['output']);
}

function flush(): void {
  const asked = queue;
  queue = [];
  for (let i = 0; i < asked.length; i += LOCAL_QUERY_LIMITS.batchMax) void send(asked.slice(i, i + LOCAL_QUERY_LIMITS.batchMax));
}

const alone = ({ read, resolve, reject }: Asked): Promise<void> =>
  ('query' in read
    ? invoke('local.query', read.query).then((query) => resolve({ query }))
    : invoke('local.aggregate', read.aggregate).then((aggregate) => resolve({ aggregate }))
  ).catch(reject);

async function send(asked: Asked[]): Promise<void> {
  if (asked.length === 1) { await alone(asked[0]!); return; }
  let results: LocalReadResult[];
  try {
    ({ results } = await invoke('local.readMany', { reads: asked.map((a) => a.read) }));
  } catch {
    // One refused read refuses the whole call: asked one by one, each gets its own answer or error.
    await Promise.all(asked.map(alone));
    return;
  }
  asked.forEach((a, i) => a.resolve(results[i]!));
}
