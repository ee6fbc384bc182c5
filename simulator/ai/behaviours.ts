/**
 * The faults and oddities a request can be given, by a `[[sim:<name>]]` marker in the last user
 * text or queued through the control API. Errors answer in the provider's own format.
 */
export const BEHAVIOURS = [
  'auth', // 401
  'bad_request', // 400
  'error', // 500
  'overloaded', // Anthropic 529 overloaded_error, OpenAI 503 with an overload body
  'rate_limit', // 429 + retry-after: 1
  'refusal', // OpenAI `refusal`, Anthropic stop_reason `refusal`
  'timeout', // headers never sent; held until the client gives up
  'stall', // one token, then silence on a held connection
  'unavailable', // socket destroyed before any response
  'drop', // stream cut after a few tokens by destroying the socket
  'stream_error', // a few tokens, then the provider's in-stream error event (overloaded)
] as const;

export type Behaviour = (typeof BEHAVIOURS)[number];

/** Behaviours answered with an HTTP error status before anything is generated. */
export type ErrorBehaviour = Extract<Behaviour, 'auth' | 'bad_request' | 'error' | 'overloaded' | 'rate_limit'>;

const ERROR_BEHAVIOURS: ReadonlySet<Behaviour> = new Set<Behaviour>(['auth', 'bad_request', 'error', 'overloaded', 'rate_limit']);
export const isErrorBehaviour = (behaviour: Behaviour): behaviour is ErrorBehaviour => ERROR_BEHAVIOURS.has(behaviour);

/** Behaviours that shape a stream once it has started. */
export type StreamFault = Extract<Behaviour, 'stall' | 'drop' | 'stream_error'>;
export const isStreamFault = (behaviour: Behaviour): behaviour is StreamFault =>
  behaviour === 'stall' || behaviour === 'drop' || behaviour === 'stream_error';

export const isBehaviour = (name: string): name is Behaviour => (BEHAVIOURS as readonly string[]).includes(name);

/** Models with a fixed behaviour, for testing fallback. */
export const FLAKY_MODEL = 'sim/flaky';
export const STEADY_MODEL = 'sim/steady';
