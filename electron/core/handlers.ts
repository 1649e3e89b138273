import type { z } from 'zod';
import {
  OPERATIONS, READ_PERMISSIONS, ROUTES, ROUTE_IDS, WRITE_PERMISSIONS,
  type OperationName, type Permission, type ProfileMeta, type RouteId,
} from '../../shared';
import type { ActivityLog } from './activity';
import type { CopyableTexts } from './copyable';
import type { ApiSession } from './api-session';
import type { DemoControl } from './demo-control';
import type { CoreEvents } from './events';
import type { ExportJobs } from './export/jobs';
import type { DemoProfiles } from './demo-profile';
import { CoreError, toBridgeError } from './errors';
import type { PdfService } from './pdf-service';
import type { HostServices, KeyVault, Logger } from './ports';
import type { ProfileData } from './profile-data';
import type { ProfileLists } from './profile-lists';
import type { ProfileService } from './profiles';
import type { ReplyScrubber } from './redact';
import type { UiSettings } from './ui-settings';
import type { LocalCopies } from './local/service';

type Ops = typeof OPERATIONS;
export type HandlerInput<O extends OperationName> = z.output<Ops[O]['input']>;
export type HandlerOutput<O extends OperationName> = z.input<Ops[O]['output']>;
export type Handlers = { [O in OperationName]: (input: HandlerInput<O>, signal: AbortSignal) => Promise<HandlerOutput<O>> };

export interface HandlerDeps {
  profiles: ProfileService;
  api: ApiSession;
  pdf: PdfService;
  demos: DemoProfiles;
  demoControl: DemoControl;
  host: HostServices;
  vault: KeyVault;
  log: Logger;
  events: CoreEvents;
  exports: ExportJobs;
  activity: ActivityLog;
  ui: UiSettings;
  local: LocalCopies;
  lists: ProfileLists;
  /** Every kind of per-profile data (removed with the profile). */
  data: ProfileData;
  copyable: CopyableTexts;
  scrubber: ReplyScrubber;
}

/** For each read permission, the list route that probes it (derived from the route table). */
export const PROBE_ROUTES: Record<Permission, RouteId | undefined> = Object.fromEntries(
  READ_PERMISSIONS.map((p) => [p, p === 'business:read' ? 'business.get' : ROUTE_IDS.find((id) => ROUTES[id].kind === 'list' && ROUTES[id].permissions.length === 1 && ROUTES[id].permissions[0] === p)]),
) as Record<Permission, RouteId | undefined>;

/**
 * For each write permission, a write route that needs only it, for a probe that cannot write:
 * a route without request keys where there is one (drafts rather than documents).
 */
export const WRITE_PROBE_ROUTES: Record<string, RouteId | undefined> = Object.fromEntries(
  WRITE_PERMISSIONS.map((p) => {
    const own = ROUTE_IDS.filter((id) => { const r = ROUTES[id] as { method: string; permissions: readonly string[]; body?: unknown }; return r.method !== 'GET' && r.body !== undefined && r.permissions.length === 1 && r.permissions[0] === p; });
    const byKind = (k: string) => own.filter((id) => ROUTES[id].kind === k);
    const plain = (ids: RouteId[]) => ids.find((id) => !(ROUTES[id] as { idempotency?: string }).idempotency) ?? ids[0];
    return [p, plain(byKind('create')) ?? plain(byKind('update')) ?? plain(own)];
  }),
);

async function probeWrites(d: HandlerDeps, id: string, signal: AbortSignal) {
  const writable: Permission[] = [];
  const writeDenied: Permission[] = [];
  let expensesEnabled: boolean | null = null;
  for (const permission of WRITE_PERMISSIONS) {
    const route = WRITE_PROBE_ROUTES[permission];
    if (route === undefined) continue;
    const found = await d.api.probeWrite(id, route, { signal });
    if (found === 'denied') writeDenied.push(permission);
    else writable.push(permission);
    if (permission === 'expenses:write' && found !== 'denied') expensesEnabled = found !== 'feature_disabled';
  }
  return { writable, write_denied: writeDenied, expenses_enabled: expensesEnabled };
}

function requireActive(profiles: ProfileService): ProfileMeta {
  const active = profiles.active();
  if (!active) throw new CoreError('no_profile', 'No connection profile is active. Add a profile or explore the demo data first.');
  return active;
}

async function testProfile(d: HandlerDeps, id: string, signal: AbortSignal) {
  const name = await d.api.businessName(id, signal);
  const readable: Permission[] = ['business:read'];
  const denied: Permission[] = [];
  for (const permission of READ_PERMISSIONS) {
    const route = PROBE_ROUTES[permission];
    if (permission === 'business:read' || route === undefined) continue;
    try {
      await d.api.call(id, route, { query: { limit: 1 } }, { signal });
      readable.push(permission);
    } catch (err) {
      const e = toBridgeError(err);
      if (e.kind === 'api' && e.status === 403 && e.code === 'insufficient_permission') denied.push(permission);
      else throw err;
    }
  }
  const writes = await probeWrites(d, id, signal);
  // Each probe already taught the profile its permissions and status (ApiSession.call).
  const profile = d.profiles.update(id, { business_name: name });
  return { profile, business_name: name, readable, denied, ...writes };
}

export function createHandlers(d: HandlerDeps): Handlers {
  return {
    'app.info': async () => ({ ...d.host.appInfo(), vault_backend: d.vault.backend() }),
    'profiles.list': async () => d.profiles.list(),
    'profiles.add': async (input) => d.profiles.add(input),
    'profiles.test': async ({ id }, signal) => testProfile(d, id, signal),
    'profiles.rename': async ({ id, name }) => d.profiles.rename(id, name),
    'profiles.replaceKey': async ({ id, key }) => {
      const meta = await d.profiles.replaceKey(id, key);
      d.api.forget(id); // the cached client holds the old key
      // The copy was made under the old key: nothing of it is served until the new key's reads check it.
      await d.local.keyChanged(id);
      return meta;
    },
    'profiles.remove': async ({ id }) => {
      await d.local.removeProfile(id);
      await d.demos.remove(id);
      // Everything of the profile goes with it: its data, its cached client, its temporary PDFs, and the key in the scrubber's pattern.
      d.api.forget(id);
      d.data.forget(id);
      await d.pdf.forget(id);
      d.scrubber.forget();
      return { removed: true as const };
    },
    'profiles.activate': async ({ id }) => {
      await d.demos.ensure(id);
      return d.profiles.activate(id);
    },
    'demo.start': async (_input, signal) => d.demos.start(d.api, signal),
    'demo.reset': async () => {
      await d.demoControl.reset(requireActive(d.profiles).id);
      return { reset: true as const };
    },
    'demo.completeLeadDraft': async ({ draft_id }, signal) => d.demoControl.completeLeadDraft(requireActive(d.profiles).id, draft_id, signal),
    'api.call': async (input, signal) => {
      const active = requireActive(d.profiles);
      let r;
      try {
        r = await d.api.call(
          active.id, input.route,
          { ...(input.params ? { params: input.params } : {}), ...(input.query ? { query: input.query } : {}), ...(input.body !== undefined ? { body: input.body } : {}) },
          // A call waiting to try again says so: the window shows it instead of looking stuck.
          { signal, onRetry: (n) => d.events.emit('api.retrying', { reason: n.reason, delay_ms: n.delay_ms, attempt: n.attempt }), ...(input.idempotency_key ? { idempotencyKey: input.idempotency_key } : {}) },
        );
      } catch (err) {
        const e = toBridgeError(err);
        // A record the API no longer has leaves the local copy as soon as it is opened.
        if (e.kind === 'api' && e.status === 404 && e.code === 'resource_not_found') d.local.missing(active.id, input.route, input.params);
        // A read the key may not make: what the copy holds of that area goes at once.
        if (e.kind === 'api' && e.status === 403 && e.code === 'insufficient_permission' && ROUTES[input.route].method === 'GET') await d.local.denied(active.id, input.route).catch(() => undefined);
        throw err;
      }
      // Own writes reach the local copy from their answers at once.
      d.local.wrote(active.id, input.route, input.params, r.data);
      return { data: r.data, request_id: r.request_id, ...(r.page ? { page: r.page } : {}), ...(r.replayed ? { replayed: true } : {}) };
    },
    'pdf.open': async ({ document_id, target }, signal) => {
      await d.pdf.open(requireActive(d.profiles).id, document_id, target, signal);
      return { opened: true as const };
    },
    'pdf.save': async ({ document_id }, signal) => d.pdf.save(requireActive(d.profiles).id, document_id, signal),
    'ui.setLanguage': async ({ language }) => {
      d.host.setUiLanguage(language);
      return { language };
    },
    'clipboard.copy': async ({ text }) => {
      if (!d.copyable.mayCopy(text)) throw new CoreError('invalid_input', 'Only record ids and request ids the app has shown can be copied.', { code: 'not_copyable' });
      await d.host.writeClipboardText(text);
      return { copied: true as const };
    },
    'export.start': async (input) => d.exports.start(requireActive(d.profiles).id, input),
    'export.cancel': async ({ job_id }) => ({ cancelled: d.exports.cancel(job_id) }),
    'activity.record': async ({ request_id, ...entry }) => {
      const active = requireActive(d.profiles);
      // Only a request id main itself showed is kept: the log's ids may be copied later (CopyableTexts).
      d.activity.record(active, request_id !== undefined && d.copyable.knows(request_id) ? { ...entry, request_id } : entry);
      return { recorded: true as const };
    },
    'activity.list': async () => {
      const active = requireActive(d.profiles);
      return { entries: d.activity.list(active) };
    },
    'ui.getTheme': async () => ({ theme: d.ui.theme() }),
    'ui.setTheme': async ({ theme }) => ({ theme: d.ui.setTheme(theme) }),
    'views.get': async ({ profile_id }) => ({ tables: d.ui.views(profile_id) }),
    'views.save': async ({ profile_id, area, views }) => {
      d.ui.saveViews(profile_id, area, views);
      return { saved: true as const };
    },
    'lists.get': async ({ profile_id, list }) => ({ entries: d.lists.get(d.profiles.get(profile_id), list) }),
    'lists.save': async (input) => {
      d.lists.save(d.profiles.get(input.profile_id), input.list, input.entries);
      return { saved: true as const };
    },
    ...localHandlers(d),
  };
}

type LocalOps = 'local.query' | 'local.aggregate' | 'local.readMany' | 'local.status' | 'local.syncNow' | 'local.checkDeletions' | 'local.setEnabled' | 'local.forget';

/** The local copy's operations, all on the active profile. */
function localHandlers(d: HandlerDeps): Pick<Handlers, LocalOps> {
  return {
    'local.query': async (input) => { requireActive(d.profiles); return d.local.query(input); },
    'local.aggregate': async (input) => { requireActive(d.profiles); return d.local.aggregate(input); },
    'local.readMany': async (input) => { requireActive(d.profiles); return d.local.readMany(input); },
    'local.status': async () => d.local.status(),
    'local.syncNow': async () => ({ started: d.local.syncNow({ retryDenied: true }) }),
    'local.checkDeletions': async () => ({ started: d.local.checkDeletionsAsked() }),
    'local.setEnabled': async ({ enabled }) => {
      await d.local.setEnabled(requireActive(d.profiles).id, enabled);
      return d.local.status();
    },
    'local.forget': async () => {
      await d.local.forget(requireActive(d.profiles).id);
      return { forgotten: true as const };
    },
  };
}
