import { ApiSession, type ClientFactory } from './api-session';
import { isAppUrl } from './app-origin';
import { defaultClientFactory } from './client-factory';
import { DemoProfiles } from './demo-profile';
import { CoreEvents } from './events';
import { createHandlers } from './handlers';
import { PdfService } from './pdf-service';
import type { DemoSandboxHost, HostServices, JsonStore, KeyVault, Logger } from './ports';
import { ProfileService } from './profiles';
import { createRedactingLogger } from './redact';
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
}

export interface Core {
  router: BridgeRouter;
  profiles: ProfileService;
  api: ApiSession;
  pdf: PdfService;
  events: CoreEvents;
  /** The redacting logger every part of the core writes to. */
  log: Logger;
  /** Removes temporary files and stops the demo sandbox (call on quit). */
  shutdown(): Promise<void>;
}

/** Builds the host-agnostic main-process core: profiles, API session, PDFs and the bridge router. */
export function createCore(deps: CoreDeps): Core {
  const events = new CoreEvents();
  const profiles = new ProfileService(deps.vault, deps.store, deps.host, (activeId) => events.emit('profiles.changed', { active_id: activeId }));
  const secrets = () => profiles.knownSecrets();
  const log = createRedactingLogger(deps.log, secrets);
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const demos = new DemoProfiles(profiles, deps.demo, log);
  const api = new ApiSession(profiles, deps.clientFactory ?? defaultClientFactory, fetchImpl, (id) => demos.ensure(id));
  const pdf = new PdfService(api, deps.host, deps.demo, fetchImpl);
  const ui = new UiSettings(deps.store, (id) => void profiles.get(id));
  const handlers = createHandlers({ profiles, api, pdf, demos, host: deps.host, vault: deps.vault, demo: deps.demo, log, ui });
  const router = new BridgeRouter({ handlers, isAllowedSender: deps.isAllowedSender ?? isAppUrl, log, secrets });
  return {
    router, profiles, api, pdf, events, log,
    async shutdown() {
      await pdf.temp.cleanup();
      await deps.demo.stop();
    },
  };
}

export * from './ports';
export { isAppUrl, isSafeExternalUrl, sameOrigin, APP_ORIGIN, APP_HOST, APP_SCHEME } from './app-origin';
export { redactText, redactValue, createRedactingLogger } from './redact';
export { validatePdfLink } from './pdf-link';
export { CoreError, toBridgeError } from './errors';
export { buildCsp } from './csp';
export { DEMO_PROFILE_NAME } from './demo-profile';
