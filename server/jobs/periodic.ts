import type { Clock } from "../clock";
import type { Logger } from "../log";

/**
 * A task run on a timer in every shop process (server/server.ts): the first run after a delay, each
 * next one an interval after the previous ended, so runs never overlap; a pending run never keeps
 * the process alive, and stop() waits for a run under way. What the task does must be safe to run
 * in several processes at once (each job says how).
 */
export function startPeriodic(
  /** run answers how many things it did; logged under `counted` with the `done` message. */
  task: { run: (now: Date) => Promise<number>; counted: string; done: string; failed: string },
  deps: { log: Logger },
  opts: { intervalMs: number; firstRunAfterMs: number; clock?: Clock },
) {
  const clock = opts.clock ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref?.();
  };
  const tick = () => {
    timer = undefined;
    running = task
      .run(clock())
      .then((n) => deps.log[n > 0 ? "info" : "debug"]({ [task.counted]: n }, task.done))
      .catch((err: unknown) => deps.log.error({ err }, task.failed))
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(opts.intervalMs);
      });
  };
  schedule(opts.firstRunAfterMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
