import { z } from 'zod';
import { isLoopbackHost, leadSchema, uuid, type ProfileMeta } from '../../shared';
import { redactor } from '../client/errors';
import { headerRequestId, readError } from '../client/response';
import type { DemoProfiles } from './demo-profile';
import { CoreError } from './errors';
import type { DemoSandboxHost } from './ports';
import type { ProfileService } from './profiles';

/** How long the demo sandbox may take to answer a control call. */
export const DEMO_CONTROL_TIMEOUT_MS = 15_000;
const completed = z.object({ data: leadSchema });

const notDemo = () =>
  new CoreError('invalid_request', 'Only the demo profile can complete a lead draft here; for your business, complete it in the application.', { code: 'not_demo_profile' });
const notDemoReset = () =>
  new CoreError('invalid_request', 'The demo data can be reset only while the demo profile is the active one. Switch to it first.', { code: 'not_demo_profile' });

/**
 * The address of a sandbox control route, for the demo profile only and only on the demo sandbox
 * that is running now (loopback, the origin main started). Nothing the page sends names a host.
 */
export function demoControlUrl(profile: ProfileMeta, demoOrigin: string | null, path: string): URL {
  if (!profile.is_demo || demoOrigin === null) throw notDemo();
  let base: URL;
  try {
    base = new URL(profile.base_url);
  } catch {
    throw notDemo();
  }
  if (base.protocol !== 'http:' || !isLoopbackHost(base.hostname) || base.origin !== demoOrigin || base.username !== '' || base.password !== '') throw notDemo();
  return new URL(path, demoOrigin);
}

/**
 * What the demo can do that the API cannot: the application's side of a lead intake. Calls the
 * sandbox's control route (electron/sandbox/README.md) with the demo profile's own key.
 */
export class DemoControl {
  constructor(
    private readonly profiles: ProfileService,
    private readonly demos: DemoProfiles,
    private readonly demo: DemoSandboxHost,
    private readonly fetchImpl: typeof fetch,
  ) {}

  /** Restores the demo's seed data: only with the demo profile active, so no other profile's page can wipe it. */
  async reset(activeProfileId: string): Promise<void> {
    if (!this.profiles.get(activeProfileId).is_demo) throw notDemoReset();
    await this.demos.ensure(activeProfileId);
    await this.demo.reset();
  }

  async completeLeadDraft(profileId: string, draftId: string, signal: AbortSignal): Promise<{ lead: z.infer<typeof leadSchema> }> {
    if (!uuid.safeParse(draftId).success) throw new CoreError('invalid_input', 'The draft id is not a UUID.');
    if (!this.profiles.get(profileId).is_demo) throw notDemo();
    // After a restart the demo sandbox starts on first use, on a new port.
    await this.demos.ensure(profileId);
    const url = demoControlUrl(this.profiles.get(profileId), this.demo.origin(), `/_sandbox/lead-drafts/${draftId.toLowerCase()}/complete`);
    const key = this.profiles.keyOf(profileId);
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.any([signal, AbortSignal.timeout(DEMO_CONTROL_TIMEOUT_MS)]),
      });
    } catch {
      if (signal.aborted) throw new CoreError('cancelled', 'The call was cancelled.');
      throw new CoreError('network', 'The demo data did not answer.');
    }
    const text = await res.text();
    const answer = { status: res.status, statusText: res.statusText, headers: res.headers, text };
    if (!res.ok) throw readError(answer, redactor(key));
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    const parsed = completed.safeParse(body);
    if (!parsed.success) {
      const requestId = headerRequestId(res.headers);
      throw new CoreError('invalid_response', 'The demo data answered without the new lead.', requestId ? { request_id: requestId } : {});
    }
    return { lead: parsed.data.data };
  }
}
