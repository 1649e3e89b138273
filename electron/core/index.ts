import { ActivityLog } from './activity';
import { CopyableTexts } from './copyable';
import { ApiSession, type ClientFactory } from './api-session';
import { isAppUrl } from './app-origin';
import { defaultClientFactory } from './client-factory';
import { DemoControl } from './demo-control';
import { DemoProfiles } from './demo-profile';
import { CoreEvents } from './events';
import { ExportJobs } from './export/jobs';
import { createHandlers } from './handlers';
import { PdfService } from './pdf-service';
import { ProfileData } from './profile-data';
import { ProfileLists } from './profile-lists';
import type { DemoSandboxHost, HostServices, JsonStore, KeyVault, LocalCopyHost, Logger } from './ports';
import { LocalCopies } from './local/service';
import type { EngineLauncher } from './local/engine-host';
import { ProfileService } from './profiles';
import { createRedactingLogger, ReplyScrubber } from './redact';
import { BridgeRouter } from './router';
import { UiSettings } from './ui-settings';

export interface CoreDeps {
  vault: KeyVault;
  store: JsonStore;
  host: HostServices;
  demo: DemoSandboxHost;
  log: Logger;
  fetch?: typeof fetch;
  /**
   * The local copy's pages are fetched on its engine's thread (main's thread keeps neither their
   * connection's buffers nor their bytes). By default when the core uses Node's own fetch: a network
   * put in its place (tests pull its cable) is main's, and the pages go through it there.
   */
  pagesOnEngine?: boolean;
  /** Which page may call the bridge; defaults to the app's own app://bizops page. */
  isAllowedSender?: (senderUrl: string) => boolean;
  /** Tests may replace the HTTP client. */
  clientFactory?: ClientFactory;
  /** The local copy's folder and keys; without it (or without `engine`) the copy is off. */
  localHost?: LocalCopyHost;
  /** Starts the copy's engine thread (main: the built engine.js; development and tests: a bundle of the sources). */
  engine?: EngineLauncher;
  /** How often the local copy looks for changes while the window is in use (default 30 s). */
  syncIntervalMs?: number;
  /** The local copy's elapsed-time clock (tests move it on to reach a schedule). */
  monotonic?: () => number;
}

export interface Core {
  router: BridgeRouter;
  profiles: ProfileService;
  api: ApiSession;
  pdf: PdfService;
  events: CoreEvents;
  exports: ExportJobs;
  activity: ActivityLog;
  local: LocalCopies;
  scrubber: ReplyScrubber;
  /** Every kind of per-profile data main keeps. */
  data: ProfileData;
  /** The redacting logger every part of the core writes to. */
  log: Logger;
  /** Stops exports, removes temporary files and stops the demo sandbox (call on quit). */
  shutdown(): Promise<void>;
}

/** Builds the host-agnostic main-process core: profiles, API session, PDFs and the bridge router. */
export function createCore(deps: CoreDeps): Core {
  // Node's HTTP client loads on its first use, 35 ms of main's thread: here, while the app starts, not in the copy's first pass.
  void globalThis.Response;
  let log: Logger = deps.log;
  const events = new CoreEvents((event) => log.error('event payload did not match the contract; not sent', { event }));
  let local: LocalCopies | null = null;
  const profiles = new ProfileService(deps.vault, deps.store, deps.host, (activeId) => {
    events.emit('profiles.changed', { active_id: activeId });
    local?.activate(activeId);
  });
  const secrets = () => profiles.knownSecrets();
  log = createRedactingLogger(deps.log, secrets);
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const demos = new DemoProfiles(profiles, deps.demo, log);
  const api = new ApiSession(profiles, deps.clientFactory ?? defaultClientFactory, fetchImpl, (id) => demos.ensure(id));
  const pdf = new PdfService(api, deps.host, deps.demo, fetchImpl);
  const demoControl = new DemoControl(profiles, demos, deps.demo, fetchImpl);
  const exports = new ExportJobs({ api, host: deps.host, events, log, secrets });
  const data = new ProfileData(deps.store);
  const activity = new ActivityLog(data, secrets);
  const ui = new UiSettings(deps.store, data, (id) => profiles.get(id));
  const lists = new ProfileLists(data, secrets);
  // What an older build left of profiles that are gone (session-only ones' views included) goes now.
  data.prune(new Set(profiles.list().profiles.map((p) => p.id)));
  const copyable = new CopyableTexts();
  const scrubber = new ReplyScrubber();
  events.on((event, payload) => copyable.noteEvent(event, payload));
  local = new LocalCopies({
    profiles, api, events, log, store: deps.store, host: deps.localHost, engine: deps.engine, pagesOnEngine: deps.pagesOnEngine ?? deps.fetch === undefined,
    replayed: (profileId, w) => {
      try {
        activity.record(profiles.get(profileId), { route: w.route, area: w.area, record_id: w.record_id, name: w.name, outcome: 'sent_later', ...(w.request_id ? { request_id: w.request_id } : {}) });
        if (w.request_id) copyable.noteRequestId(w.request_id);
      } catch { /* the profile went meanwhile */ }
    },
    ...(deps.syncIntervalMs ? { syncIntervalMs: deps.syncIntervalMs } : {}), ...(deps.monotonic ? { monotonic: deps.monotonic } : {}),
  });
  const handlers = createHandlers({ profiles, api, pdf, demos, demoControl, host: deps.host, vault: deps.vault, log, events, exports, activity, ui, lists, data, copyable, scrubber, local });
  // Copy files and keys a removal could not delete (Windows, a crash) go before any copy opens.
  local.sweep(new Set(profiles.list().profiles.map((p) => p.id)));
  local.activate(profiles.active()?.id ?? null);
  const router = new BridgeRouter({ handlers, isAllowedSender: deps.isAllowedSender ?? isAppUrl, log, secrets, scrubber, onReply: (op, result) => copyable.noteReply(op, result) });
  return {
    router, profiles, api, pdf, events, exports, activity, scrubber, data, local, log,
    async shutdown() {
      await exports.stopAll();
      await local.close();
      await pdf.temp.cleanup();
      await deps.demo.stop();
    },
  };
}

export * from './ports';
export { isAppUrl, sameOrigin, APP_ORIGIN, APP_HOST, APP_SCHEME } from './app-origin';
export { redactText, redactValue, createRedactingLogger } from './redact';
export { validatePdfLink } from './pdf-link';
export { CoreError, toBridgeError } from './errors';
export type { EngineLauncher } from './local/engine-host';
export { ENGINE_FILE, startEngine } from './local/engine-launch';
export { buildCsp } from './csp';
export { DEMO_PROFILE_NAME } from './demo-profile';
