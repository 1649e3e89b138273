import { z } from 'zod';
import { BASE_URL_MESSAGES, BASE_URL_REFUSED, baseUrlProblem, type ProfileMeta, type RouteId } from '../../shared';
import type { CallOptions, CallResult as ClientCallResult, ListRouteId, UnknownInput, WriteProbe } from '../client';
import { CoreError, toBridgeError } from './errors';
import { learnFromError, learnFromSuccess } from './permission-learning';
import type { ProfilePatch, ProfileService } from './profiles';

/** The client's own input and options types (electron/client/types.ts). */
export type CallInput = UnknownInput;
export type { CallOptions, ListRouteId };
/** The part of the client's answer the core reads (fakes in tests may leave out the rest). */
export type CallResult = Pick<ClientCallResult<unknown>, 'data' | 'page' | 'request_id' | 'replayed' | 'rejected' | 'server_time' | 'unread'>;
/** The part of the typed client (electron/client) the core uses. */
export interface RouteCaller {
  callUnknown(routeId: RouteId, input: CallInput, options?: CallOptions): Promise<CallResult>;
  /** Every page of a list route (the client's async iterator), cancellable with the options' signal. */
  pagesUnknown(routeId: ListRouteId, input: CallInput, options?: CallOptions): AsyncIterable<CallResult & { data: unknown[] }>;
  probeWrite(routeId: RouteId, options?: CallOptions): Promise<WriteProbe>;
}
export type ClientFactory = (options: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) => RouteCaller;

const business = z.looseObject({ name: z.string() });

/**
 * One API client per profile, rebuilt when its base URL or key changes. Every answer
 * teaches the profile what its key can do (permissions_known, status).
 */
export class ApiSession {
  private readonly clients = new Map<string, { baseUrl: string; key: string; client: RouteCaller }>();

  constructor(
    private readonly profiles: ProfileService,
    private readonly factory: ClientFactory,
    private readonly fetchImpl?: typeof fetch,
    /** Runs before each call: the demo profile starts its sandbox here after a restart. */
    private readonly prepare: (profileId: string) => Promise<void> = async () => {},
  ) {}

  async call(profileId: string, routeId: RouteId, input: CallInput, options: CallOptions = {}): Promise<CallResult> {
    await this.prepare(profileId);
    const client = this.clientFor(profileId);
    try {
      const result = await client.callUnknown(routeId, input, options);
      this.learn(profileId, (meta) => learnFromSuccess(meta, routeId, input.body));
      return result;
    } catch (err) {
      const bridge = toBridgeError(err);
      this.learn(profileId, (meta) => learnFromError(meta, routeId, input.body, bridge));
      throw err;
    }
  }

  /** Every page of a list route, in order; what the key can do is learned as with a call. */
  async *pages(profileId: string, routeId: ListRouteId, input: CallInput, options: CallOptions = {}): AsyncGenerator<CallResult & { data: unknown[] }, void, undefined> {
    await this.prepare(profileId);
    const client = this.clientFor(profileId);
    try {
      let first = true;
      for await (const page of client.pagesUnknown(routeId, input, options)) {
        if (first) this.learn(profileId, (meta) => learnFromSuccess(meta, routeId, undefined));
        first = false;
        yield page;
      }
    } catch (err) {
      const bridge = toBridgeError(err);
      this.learn(profileId, (meta) => learnFromError(meta, routeId, undefined, bridge));
      throw err;
    }
  }

  /** Whether the profile's key may write through a route, without writing (the client's probe). */
  async probeWrite(profileId: string, routeId: RouteId, options: CallOptions = {}): Promise<WriteProbe> {
    await this.prepare(profileId);
    try {
      return await this.clientFor(profileId).probeWrite(routeId, options);
    } catch (err) {
      const bridge = toBridgeError(err);
      this.learn(profileId, (meta) => learnFromError(meta, routeId, undefined, bridge));
      throw err;
    }
  }

  /** The name of the business behind a profile's key (business.get). */
  async businessName(profileId: string, signal: AbortSignal): Promise<string> {
    return business.parse((await this.call(profileId, 'business.get', {}, { signal })).data).name;
  }

  /** Drops the cached client, and with it the plaintext key it holds (after a key change or removal). */
  forget(profileId: string): void {
    this.clients.delete(profileId);
  }

  /** Profiles that have a cached client (and so a key in it) now. */
  cachedProfiles(): string[] {
    return [...this.clients.keys()];
  }

  private clientFor(profileId: string): RouteCaller {
    const meta = this.profiles.get(profileId);
    const problem = baseUrlProblem(meta.base_url);
    if (problem !== null) {
      throw new CoreError('invalid_request', `This profile's address is refused (${BASE_URL_MESSAGES[problem]}), so its key is not sent. Remove the profile and add it again with an https:// address.`, { code: BASE_URL_REFUSED });
    }
    const key = this.profiles.keyOf(profileId);
    const cached = this.clients.get(profileId);
    if (cached && cached.baseUrl === meta.base_url && cached.key === key) return cached.client;
    const client = this.factory({ baseUrl: meta.base_url, apiKey: key, ...(this.fetchImpl ? { fetch: this.fetchImpl } : {}) });
    this.clients.set(profileId, { baseUrl: meta.base_url, key, client });
    return client;
  }

  private learn(profileId: string, decide: (meta: ProfileMeta) => ProfilePatch | null): void {
    let meta: ProfileMeta;
    try {
      meta = this.profiles.get(profileId);
    } catch {
      return; // removed while the call was in flight
    }
    const patch = decide(meta);
    if (patch) this.profiles.update(profileId, patch);
  }
}
