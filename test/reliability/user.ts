import { ROUTES, type BridgeError, type RouteDef, type RouteId } from '../../shared';
import { lookUpOutcome, type Lookup, type LookupTarget, type RouteReader } from '../../shared';
import { isUncertain, keyFor } from '../../shared';
import { canonical } from '../../shared';
import type { AppCore } from './stack';

/**
 * A user of the app writing through the bridge, with the app's own rules (renderer/data/useWrite.ts):
 * the request key kept for the retry of the same submission, and an answer that never came resolved
 * the way the screen tells the user to: submit again for a route that deduplicates (same key), or
 * the app's lookup for a plain create, never a blind retry. What happened is tallied.
 */

export interface WriteTarget extends LookupTarget { route: RouteId; params?: Record<string, string> }

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
  /** The lookup reads through the same bridge (api.call), as the app's does. */
  private readonly read: RouteReader = async (route, input) => {
    const r = await this.app.invoke('api.call', { route, ...input });
    return r.ok ? { ok: true, data: r.data as { data: unknown } } : r;
  };
  /**
   * Ids of records the user's creates answered with, per area: what the app's cache holds after a
   * create (useWrite passes the cached ids to the lookup).
   */
  private readonly known = new Map<string, Set<string>>();

  constructor(private readonly app: AppCore, readonly tally: Tally, private readonly maxSubmissions = 10) {}

  async write(t: WriteTarget, body?: Record<string, unknown>): Promise<Outcome> {
    const route: RouteDef = ROUTES[t.route];
    let previous: { fingerprint: string; key: string } | null = null;
    let error: BridgeError = { kind: 'internal', message: 'never submitted' };
    for (let n = 1; n <= this.maxSubmissions; n++) {
      const attempt = keyFor(previous, canonical({ route: t.route, params: t.params ?? {}, body: body ?? null }));
      previous = attempt;
      const sent = route.idempotency === 'client_request_id' ? { ...body, client_request_id: attempt.key } : body;
      const startedAt = new Date();
      const known = new Set(this.known.get(t.area));
      this.tally.add(this.tally.submissions, t.route);
      const r = await this.app.invoke('api.call', {
        route: t.route, ...(t.params ? { params: t.params } : {}), ...(sent !== undefined ? { body: sent } : {}),
        ...(route.idempotency ? { idempotency_key: attempt.key } : {}),
      });
      if (r.ok) return this.done(t, (r.data as { data: unknown }).data, false, n);
      error = r.error;
      if (!isUncertain(error)) {
        this.tally.add(this.tally.definite, `${t.route}: ${errorLabel(error)}`);
        if (nothingDone(error)) continue;
        return { status: 'gave_up', error, submissions: n };
      }
      this.tally.add(this.tally.unknown, `${t.route}: ${errorLabel(error)}`);
      if (route.idempotency) {
        this.tally.add(this.tally.resolutions, 'submitted again with the same key');
        continue;
      }
      const found = await this.lookUp(t, body, startedAt, known);
      if (found.status === 'saved') {
        this.tally.add(this.tally.resolutions, 'lookup found it saved');
        return this.done(t, found.data, true, n);
      }
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

  /** The app's lookup; when it cannot tell, the user looks again (the screen asks them to check). */
  private async lookUp(t: WriteTarget, body: Record<string, unknown> | undefined, startedAt: Date, known: ReadonlySet<string>): Promise<Lookup> {
    let found: Lookup = { status: 'unclear' };
    for (let i = 0; i < 3 && found.status === 'unclear'; i++) {
      if (i > 0) this.tally.add(this.tally.resolutions, 'lookup unclear, looked again');
      found = await lookUpOutcome(t, body, startedAt, this.read, known);
    }
    return found;
  }
}
