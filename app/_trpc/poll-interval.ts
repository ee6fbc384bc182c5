import { isClientError } from './http-status';

/** What a `refetchInterval` function reads of react-query's Query. */
interface PolledQuery<Data> {
  state: { error: unknown; data: Data | undefined };
}

/**
 * A react-query `refetchInterval` that polls every `ms` until the server answers with a 4xx:
 * a refused read (signed out, forbidden, gone) is refused again on the next poll, so polling
 * stops there and the screen shows the failure instead of asking forever. `when` narrows it
 * further (poll only while something is in progress).
 */
export function pollInterval<Data>(ms: number, when?: (data: Data | undefined) => boolean) {
  return (query: PolledQuery<Data>): number | false => {
    if (isClientError(query.state.error)) return false;
    if (when && !when(query.state.data)) return false;
    return ms;
  };
}
