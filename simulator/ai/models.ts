import { FLAKY_MODEL, STEADY_MODEL } from './behaviours';
import type { Provider } from './providers';

/**
 * `GET /…/v1/models`, which services call to check a credential. Any model id works in a
 * request; these are the ones with a meaning here.
 */
const MODEL_IDS = [STEADY_MODEL, FLAKY_MODEL];
const CREATED = new Date('2025-01-01T00:00:00Z');

export function modelList(provider: Provider): unknown {
  if (provider.name === 'openai') {
    return { object: 'list', data: MODEL_IDS.map((id) => ({ id, object: 'model', created: CREATED.getTime() / 1000, owned_by: 'system' })) };
  }
  return {
    data: MODEL_IDS.map((id) => ({ type: 'model', id, display_name: id, created_at: CREATED.toISOString() })),
    has_more: false,
    first_id: MODEL_IDS[0],
    last_id: MODEL_IDS.at(-1),
  };
}
