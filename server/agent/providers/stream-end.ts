import { ProviderFailure } from './provider-failure';

/** A stream that ended without its final event: the answer is incomplete (see CallStage on why provider_error). */
export function streamEndedEarly(): ProviderFailure {
  return new ProviderFailure('provider_error', 'The provider stream ended before the answer did');
}
