import { ROUTES, lookUpOutcome, type BridgeError, type Lookup, type RouteId } from '../../shared';
import { attemptFor, submitWrite, type Attempt, type SubmitIo, type SubmitTarget } from '../../renderer/data/submit';
import type { AppCore } from './stack';

/**
 * A user of the app writing through the bridge with the app's own write path (renderer/data/submit.ts,
 * what useWrite runs for every form and action): its request keys, its client_request_id, its lookup
 * after an answer that never came. Only the user's own decisions are here, as the screen puts them:
 * submit again when it says that is safe (or that nothing was saved), open the list and look again when
 * it cannot tell, stop on a refusal. What happened is tallied.
 */

export interface WriteTarget extends SubmitTarget { route: RouteId }

export type Outcome =
  | { status: 'done'; data: unknown; recovered: boolean; submissions: number }
  | { status: 'gave_up'; error: BridgeError; submissions: number };

/** How each unknown outcome was settled. */
export type Resolution = 'submitted again with the same key' | 'lookup found it saved' | 'lookup found nothing, submitted again' | 'lookup unclear, looked again';

export class Tally {
  readonly submissions = new Map<RouteId, number>();
  /** Unknown outcomes by route and by the error the screen got (kind, status). */
  readonly unknown = new Map<string, number>();
  readonly resolutions = new Map<Resolution, number>();
  /** Answers that said what happened (nothing was done): the user may submit again. */
  readonly definite = new Map<string, number>();

  add<K>(m: Map<K, number>, k: K): void {
    m.set(k, (m.get(k) ?? 0) + 1);
  }

  get unknownTotal(): number {
    return [...this.unknown.values()].reduce((a, b) => a + b, 0);
  }
}

const errorLabel = (e: BridgeError) => `${e.kind}${e.status ? ` ${e.status}` : ''}`;

/** An answer that says the request was not carried out (429, or the connection never opened). */
const nothingDone = (e: BridgeError) => (e.kind === 'api' && e.status === 429) || (e.kind === 'network' && e.idempotency_key === undefined);

export class AppUser {
  /** main's api.call through the core router, as window.bridge gives it to the app. */
  private readonly io: SubmitIo = {
    write: async (route, input, key) => {
      const r = await this.app.invoke('api.call', { route, ...input, ...(key ? { idempotency_key: key } : {}) });
      return r.ok ? { ok: true, data: r.data as { data: unknown; request_id: string; replayed?: boolean } } : r;
    },
    read: async (route, input) => {
      const r = await this.app.invoke('api.call', { route, ...input });
      return r.ok ? { ok: true, data: r.data as { data: unknown } } : r;
    },
  };
  /**
   * Ids of records the user's creates answered with, per area: what the app's cache holds after a
   * create (useWrite passes the cached ids to the lookup).
   */
  private readonly known = new Map<string, Set<string>>();

  constructor(private readonly app: AppCore, readonly tally: Tally, private readonly maxSubmissions = 10) {}

  async write(t: WriteTarget, body?: Record<string, unknown>): Promise<Outcome> {
    let previous: Attempt | null = null;
    let error: BridgeError = { kind: 'internal', message: 'never submitted' };
    for (let n = 1; n <= this.maxSubmissions; n++) {
      const attempt = attemptFor(previous, t, body);
      previous = attempt;
      this.tally.add(this.tally.submissions, t.route);
      const plainCreate = ROUTES[t.route].kind === 'create' && !ROUTES[t.route].idempotency;
      const existedBefore = new Set(this.known.get(t.area));
      const startedAt = new Date();
      const onChecking = (lost: BridgeError) => this.tally.add(this.tally.unknown, `${t.route}: ${errorLabel(lost)}`);
      const r = await submitWrite(this.io, t, body, attempt, { onChecking, ...(plainCreate ? { existedBefore } : {}) });
      if (r.ok) {
        if (r.recovered) this.tally.add(this.tally.resolutions, 'lookup found it saved');
        return this.done(t, r.data, r.recovered, n);
      }
      error = r.error;
      if (r.settled === 'refused' || r.settled === 'stale') {
        this.tally.add(this.tally.definite, `${t.route}: ${errorLabel(error)}`);
        if (nothingDone(error)) continue;
        return { status: 'gave_up', error, submissions: n };
      }
      if (r.settled.status === 'retry_safe') {
        this.tally.add(this.tally.unknown, `${t.route}: ${errorLabel(error)}`);
        this.tally.add(this.tally.resolutions, 'submitted again with the same key');
        continue;
      }
      if (r.settled.status === 'not_saved') {
        this.tally.add(this.tally.resolutions, 'lookup found nothing, submitted again');
        continue;
      }
      // The screen asks the user to check the list before trying again: they look, as the lookup does.
      const found = await this.lookAgain(t, body, startedAt, existedBefore);
      if (found.status === 'saved') return this.done(t, found.data, true, n);
      if (found.status === 'unclear') return { status: 'gave_up', error, submissions: n };
      this.tally.add(this.tally.resolutions, 'lookup found nothing, submitted again');
    }
    return { status: 'gave_up', error, submissions: this.maxSubmissions };
  }

  private done(t: WriteTarget, data: unknown, recovered: boolean, submissions: number): Outcome {
    const id = (data as { id?: unknown } | null)?.id;
    if (ROUTES[t.route].kind === 'create' && typeof id === 'string') {
      if (!this.known.has(t.area)) this.known.set(t.area, new Set());
      this.known.get(t.area)!.add(id);
    }
    return { status: 'done', data, recovered, submissions };
  }

  /** The user opens the list and looks, up to twice more (the app's lookup stands for their eyes). */
  private async lookAgain(t: WriteTarget, body: Record<string, unknown> | undefined, startedAt: Date, known: ReadonlySet<string>): Promise<Lookup> {
    let found: Lookup = { status: 'unclear' };
    for (let i = 0; i < 2 && found.status === 'unclear'; i++) {
      this.tally.add(this.tally.resolutions, 'lookup unclear, looked again');
      found = await lookUpOutcome(t, body, startedAt, this.io.read, known);
    }
    if (found.status === 'saved') this.tally.add(this.tally.resolutions, 'lookup found it saved');
    return found;
  }
}
