import { randomUUID } from 'node:crypto';
import { startAiSimulator, type RunningAiSimulator } from '@/simulator/ai/server';
import type { ModelEvent, ProviderApi } from './model-events';
import { ProviderFailure } from './provider-failure';

/** What the provider tests share: the AI simulator in-process, fresh keys and ways to read a stream. */

export const providerApis: ProviderApi[] = ['openai_chat', 'openai_responses', 'anthropic_messages'];

export const startSimulator = (): Promise<RunningAiSimulator> => startAiSimulator({ port: 0, ttftMs: 0, tokenMs: 0 });

/** The base URL the SDK for `api` is given, as OPENAI_BASE_URL or ANTHROPIC_BASE_URL would be. */
export const simulatorBaseUrl = (simulatorUrl: string, api: ProviderApi): string =>
  api === 'anthropic_messages' ? `${simulatorUrl}/anthropic` : `${simulatorUrl}/openai/v1`;

/** Each test its own key, so behaviours queued for it meet no other test. */
export const freshKey = (): string => `sim-${randomUUID()}`;

export async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const seen: ModelEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** Reads the stream to its end and returns the ProviderFailure it threw (failing the test if it threw none). */
export async function failureOf(events: AsyncIterable<unknown>): Promise<ProviderFailure> {
  try {
    for await (const _ of events) continue;
  } catch (error) {
    if (error instanceof ProviderFailure) return error;
    throw error;
  }
  throw new Error('The stream ended without a failure');
}

export const textOf = (events: ModelEvent[]): string => events.map((event) => (event.type === 'text_delta' ? event.text : '')).join('');

export async function queueBehaviour(
  simulatorUrl: string,
  target: { key: string } | { model: string },
  behaviour: string,
  times = 1,
): Promise<void> {
  const response = await fetch(`${simulatorUrl}/_sim/ai/next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...target, behaviour, times }),
  });
  if (!response.ok) throw new Error(`The simulator refused the behaviour: ${await response.text()}`);
}

export async function requestsSent(simulatorUrl: string, key: string): Promise<Array<{ model: string; body: unknown }>> {
  const response = await fetch(`${simulatorUrl}/_sim/ai/requests?key=${encodeURIComponent(key)}`);
  return (await response.json()) as Array<{ model: string; body: unknown }>;
}
