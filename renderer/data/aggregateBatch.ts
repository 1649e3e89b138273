import { LOCAL_QUERY_LIMITS, type LocalAggregateInput, type LocalAggregateOutput } from '../../shared';
import { invoke } from '../bridge/invoke';

/**
 * local.aggregate questions asked in the same task (a home screen's 29 figures as its sections
 * mount) go to main as one local.aggregateMany call: one bridge hop instead of one per figure. Each
 * question keeps its own query and cache entry; only the trip is shared.
 */
interface Asked {
  input: LocalAggregateInput;
  resolve: (out: LocalAggregateOutput) => void;
  reject: (e: unknown) => void;
}

let queue: Asked[] = [];
let scheduled = false;

/** One aggregate, sent with the others asked in this task. */
export function batchedAggregate(input: LocalAggregateInput, signal?: AbortSignal): Promise<LocalAggregateOutput> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    // An aborted question stops waiting; the shared call goes on for the others.
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    queue.push({ input, resolve, reject });
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

function flush(): void {
  const asked = queue;
  queue = [];
  scheduled = false;
  for (let i = 0; i < asked.length; i += LOCAL_QUERY_LIMITS.batchMax) void send(asked.slice(i, i + LOCAL_QUERY_LIMITS.batchMax));
}

const alone = (a: Asked) => invoke('local.aggregate', a.input).then(a.resolve, a.reject);

async function send(asked: Asked[]): Promise<void> {
  if (asked.length === 1) { await alone(asked[0]!); return; }
  let results: LocalAggregateOutput[];
  try {
    ({ results } = await invoke('local.aggregateMany', { queries: asked.map((a) => a.input) }));
  } catch {
    // One refused question refuses the whole call: asked one by one, each figure gets its own answer or error.
    await Promise.all(asked.map(alone));
    return;
  }
  asked.forEach((a, i) => a.resolve(results[i]!));
}
