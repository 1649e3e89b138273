import type { ProfileMeta } from '../../shared';
import type { ApiSession } from './api-session';
import { toBridgeError } from './errors';
import type { DemoSandboxHost, Logger } from './ports';
import type { ProfileService } from './profiles';

export const DEMO_PROFILE_NAME = 'Demo business';

/**
 * The demo profile: saved like other profiles (is_demo, never a key), backed by the demo
 * sandbox. After a restart (or a crash of the sandbox) it starts lazily, on activation or on the
 * first call, and hands back the owner key it made for this launch and its new random port.
 */
export class DemoProfiles {
  private starting: Promise<void> | null = null;

  constructor(
    private readonly profiles: ProfileService,
    private readonly demo: DemoSandboxHost,
    private readonly log: Logger,
  ) {}

  /** Starts the sandbox when this demo profile has no key in this process yet or its sandbox is gone; no-op for other profiles. */
  async ensure(profileId: string): Promise<void> {
    if (!this.profiles.get(profileId).is_demo) return;
    if (!this.profiles.needsDemoKey(profileId) && this.demo.origin() !== null) return;
    // Concurrent first calls share one start.
    this.starting ??= this.demo.start().then(
      ({ baseUrl, ownerKey }) => { this.profiles.attachDemoKey(profileId, baseUrl, ownerKey); },
    ).finally(() => { this.starting = null; });
    await this.starting;
  }

  /** "Explore with demo data": starts the sandbox, saves or refreshes the demo profile and activates it. */
  async start(api: ApiSession, signal: AbortSignal): Promise<ProfileMeta> {
    const { baseUrl, ownerKey } = await this.demo.start();
    const existing = this.profiles.list().profiles.find((p) => p.is_demo);
    const meta = existing ? this.profiles.attachDemoKey(existing.id, baseUrl, ownerKey) : this.profiles.saveDemo(DEMO_PROFILE_NAME, baseUrl, ownerKey);
    this.profiles.activate(meta.id);
    try {
      return this.profiles.update(meta.id, { business_name: await api.businessName(meta.id, signal) });
    } catch (err) {
      this.log.warn('demo profile could not read the business', { kind: toBridgeError(err).kind });
      return this.profiles.get(meta.id);
    }
  }

  /** Removing the demo profile also stops its sandbox. */
  async remove(profileId: string): Promise<void> {
    const isDemo = this.profiles.get(profileId).is_demo;
    this.profiles.remove(profileId);
    if (isDemo) await this.demo.stop();
  }
}
