/**
 * Named places in background work where a crash test can kill the process (SIGKILL, as a power
 * cut or the OOM killer would), to show that the work ends in the right state after a restart.
 * `WEFT_CRASH_AT=<name>` arms one; without it every crash point is a no-op comparison.
 *
 * Every job has `<queue>:claimed` (claimed, nothing done yet) and `<queue>:handled` (its work
 * committed, the job not yet settled); steps inside a job add their own (`connections.sync:fetched`).
 */
let armed: string | undefined;

export function armCrashPoint(name: string | undefined): void {
  armed = name;
}

export function crashPoint(name: string): void {
  if (armed === name) process.kill(process.pid, "SIGKILL");
}
