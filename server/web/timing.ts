/**
 * Per-request `Server-Timing` collector. Loaders wrap their database work in `measure('db', …)`; the
 * document renderer adds `render`; the HTTP layer adds `total` when the headers go out.
 */
export class ServerTiming {
  private readonly entries = new Map<string, { dur: number; desc?: string }>();

  async measure<T>(name: string, work: () => Promise<T> | T, desc?: string): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - started, desc);
    }
  }

  /** Durations under one name add up (several queries in one request). */
  add(name: string, ms: number, desc?: string): void {
    const entry = this.entries.get(name);
    if (entry) entry.dur += ms;
    else this.entries.set(name, { dur: ms, desc });
  }

  header(extra: Record<string, number> = {}): string {
    const all: [string, { dur: number; desc?: string }][] = [
      ...this.entries.entries(),
      ...Object.entries(extra).map(([name, dur]): [string, { dur: number }] => [name, { dur }]),
    ];
    return all
      .map(([name, { dur, desc }]) => {
        const safeName = name.replace(/[^A-Za-z0-9_-]/g, '_');
        const description = desc ? `;desc="${desc.replace(/["\\]/g, '')}"` : '';
        return `${safeName};dur=${dur.toFixed(1)}${description}`;
      })
      .join(', ');
  }
}
