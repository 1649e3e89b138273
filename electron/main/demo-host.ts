import { startSandbox } from '../sandbox';
import type { DemoSandboxHost } from '../core/ports';

type Running = Awaited<ReturnType<typeof startSandbox>>;

/** "Explore with demo data": the sandbox in-process on a random loopback port, state under userData. */
export class EmbeddedDemoHost implements DemoSandboxHost {
  private running: Running | null = null;
  private starting: Promise<Running> | null = null;

  constructor(private readonly dataFile: string) {}

  async start(): Promise<{ baseUrl: string; ownerKey: string }> {
    const s = await this.ensure();
    return { baseUrl: s.baseUrl, ownerKey: s.keys.owner };
  }

  async reset(): Promise<void> {
    await (await this.ensure()).reset();
  }

  async stop(): Promise<void> {
    const s = this.running;
    this.running = null;
    this.starting = null;
    if (s) await s.close();
  }

  origin(): string | null {
    return this.running ? new URL(this.running.baseUrl).origin : null;
  }

  private async ensure(): Promise<Running> {
    if (this.running) return this.running;
    this.starting ??= startSandbox({ host: '127.0.0.1', port: 0, dataFile: this.dataFile });
    try {
      this.running = await this.starting;
      return this.running;
    } finally {
      this.starting = null;
    }
  }
}
