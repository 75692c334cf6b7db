/** A job run every few seconds in each instance, never twice at once in one process. */
export interface Poller {
  /** Runs it now, unless a run is already under way (say, after a change that queued work). */
  nudge(): void;
  /** Stops the timer and waits for the run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` until stopped. A run that throws is reported
 * to `onError` and the next tick tries again; the timer does not keep the
 * process alive.
 */
export function startPoller(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): Poller {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    nudge: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
