export interface PeriodicTask {
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `intervalMs` in this process, one pass at a time; a pass that fails (the database is
 * down) is reported and the next one tries again. The timer does not keep the process alive.
 */
export function startPeriodicTask(
  task: () => Promise<unknown>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicTask {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await task();
      } catch (error) {
        options.onError(error);
      }
    });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
