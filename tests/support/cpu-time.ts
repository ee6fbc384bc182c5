import assert from 'node:assert/strict';

/**
 * Runs a synchronous task and asserts the processor time it used. Processor time, not the clock:
 * a test machine shared by other jobs stretches the clock several times over, but not the work.
 */
export function withinCpu<T>(limitMs: number, task: () => T): T {
  const started = process.cpuUsage();
  const result = task();
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  assert.ok(ms < limitMs, `took ${Math.round(ms)} ms of processor time (at most ${limitMs})`);
  return result;
}
