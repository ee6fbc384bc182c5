import type { Behaviour } from './behaviours';

/**
 * One-shot behaviours queued by the control API, per credential key or per model, so tests
 * running in parallel with their own `sim-<random>` keys do not meet each other's faults.
 */
export class BehaviourQueue {
  private readonly queues = new Map<string, Behaviour[]>();

  add(target: { key: string } | { model: string }, behaviour: Behaviour, times: number): void {
    const name = queueName(target);
    const queue = this.queues.get(name) ?? [];
    for (let i = 0; i < times; i++) queue.push(behaviour);
    this.queues.set(name, queue);
  }

  /** The next queued behaviour for this key, else for this model; it is used up. */
  take(key: string, model: string): Behaviour | undefined {
    return this.shift(queueName({ key })) ?? this.shift(queueName({ model }));
  }

  private shift(name: string): Behaviour | undefined {
    const queue = this.queues.get(name);
    const next = queue?.shift();
    if (queue?.length === 0) this.queues.delete(name);
    return next;
  }
}

const queueName = (target: { key: string } | { model: string }) => ('key' in target ? `key:${target.key}` : `model:${target.model}`);
