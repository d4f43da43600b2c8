/**
 * Politeness per host: at most `concurrency` requests in flight to one host, and at least `delayMs`
 * between the starts of two of them. Hosts do not wait for each other.
 */
export class HostLimiter {
  private readonly hosts = new Map<string, { active: number; nextStart: number; waiting: (() => void)[] }>();

  constructor(
    private readonly concurrency: number,
    private readonly delayFor: (host: string) => number,
  ) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    const slot = this.hosts.get(host) ?? { active: 0, nextStart: 0, waiting: [] };
    this.hosts.set(host, slot);
    while (slot.active >= this.concurrency) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    slot.active += 1;
    try {
      const delay = this.delayFor(host);
      if (delay > 0) {
        const now = Date.now();
        const start = Math.max(now, slot.nextStart);
        slot.nextStart = start + delay;
        if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
      }
      return await task();
    } finally {
      slot.active -= 1;
      slot.waiting.shift()?.();
    }
  }
}
