/** A pass run again `everyMs` after the previous one ended, until stopped: the worker jobs' loops. */
export interface Loop {
  /** No further pass starts; waits for one in progress. */
  stop(): Promise<void>;
}

/** Runs `pass` every `everyMs` after the previous one ended; a failure goes to `onFailure` and the loop goes on. */
export function startLoop(everyMs: number, pass: () => Promise<void>, onFailure: (error: unknown) => void): Loop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch(onFailure)
        .finally(schedule);
    }, everyMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
