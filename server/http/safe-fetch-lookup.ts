import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { addressRefusal, type OutboundAllowlist } from './outbound-policy';
import { OutboundBlockedError } from './safe-fetch-errors';

/** Resolves a host name to all its addresses; injectable so tests can point a name anywhere. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * A `lookup` for the socket connector that refuses a name unless every address it resolves
 * to may be reached. The socket then connects to exactly the addresses checked here, so a
 * second, different DNS answer (rebinding) never gets a say.
 */
export function guardedLookup(resolve: ResolveHost, allowlist: OutboundAllowlist): LookupFunction {
  return (hostname, options, callback) => {
    const answer = callback as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (!first) return answer(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
        for (const { address } of addresses) {
          const refusal = addressRefusal(address, allowlist);
          // The class only: which internal address a name has is not the caller's to learn.
          if (refusal) return answer(new OutboundBlockedError(`${hostname} resolves to ${refusal}, not a public one`), '');
        }
        // net asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
        if (options.all) answer(null, addresses);
        else answer(null, first.address, first.family);
      },
      (error: Error) => answer(error, ''),
    );
  };
}
