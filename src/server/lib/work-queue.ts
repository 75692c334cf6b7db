/**
 * Runs at most `concurrency` tasks at once and keeps up to `maxWaiting` more
 * in line, first come first served; past that a task is refused at once
 * (`WorkQueueFullError`) rather than piling up memory and waiting time.
 *
 * A dozen lines of our own rather than p-limit: p-limit is only here as a
 * dependency of build tools, and it has no bound on the line.
 */
export class WorkQueueFullError extends Error {
  override name = 'WorkQueueFullError';
}

export class WorkQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];
  /** Tasks begun since the process started (tests read it to know a task never ran). */
  started = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error('a work queue needs a concurrency of at least 1');
    }
  }

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.line.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.line.length >= this.maxWaiting) throw new WorkQueueFullError('work queue full');
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.active += 1;
    }
    this.started += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so nobody can overtake it.
      const next = this.line.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
