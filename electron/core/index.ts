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
import { CopyChoice } from './local/choice';
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
  /** Which page may call the bridge; defaults to the app's own app://bizops page. */
  isAllowedSender?: (senderUrl: string) => boolean;
  /** Tests may replace the HTTP client. */
  clientFactory?: ClientFactory;
  /** The local copy's folder and keys; without it the copy is off. */
  localHost?: LocalCopyHost;
  /** How often the local copy looks for changes while the window is in use (default 30 s). */
  syncIntervalMs?: number;
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
  const copyChoice = new CopyChoice(data, deps.store, (id) => profiles.list().profiles.find((p) => p.id === id));
  // What an older build left of profiles that are gone (session-only ones' views included) goes now.
  data.prune(new Set(profiles.list().profiles.map((p) => p.id)));
  const copyable = new CopyableTexts();
  const scrubber = new ReplyScrubber();
  events.on((event, payload) => copyable.noteEvent(event, payload));
  local = new LocalCopies({ profiles, api, events, log, choice: copyChoice, host: deps.localHost, ...(deps.syncIntervalMs ? { syncIntervalMs: deps.syncIntervalMs } : {}) });
  const handlers = createHandlers({ profiles, api, pdf, demos, demoControl, host: deps.host, vault: deps.vault, log, events, exports, activity, ui, lists, data, copyable, scrubber, local });
  local.activate(profiles.active()?.id ?? null);
  const router = new BridgeRouter({ handlers, isAllowedSender: deps.isAllowedSender ?? isAppUrl, log, secrets, scrubber, onReply: (op, result) => copyable.noteReply(op, result) });
  return {
    router, profiles, api, pdf, events, exports, activity, scrubber, data, local, log,
    async shutdown() {
      await exports.stopAll();
      local.close();
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
export { buildCsp } from './csp';
export { DEMO_PROFILE_NAME } from './demo-profile';
