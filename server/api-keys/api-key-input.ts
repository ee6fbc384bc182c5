import { z } from 'zod';
import { parseCidr } from '@/server/http/cidr';
import { apiScopes } from './scopes';

export const DEFAULT_RATE_LIMIT_PER_MIN = 600;

/** A CIDR or bare address, stored in canonical form (`203.0.113.7` becomes `203.0.113.7/32`). */
const cidr = z
  .string()
  .trim()
  .transform((text, ctx) => {
    const parsed = parseCidr(text);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: `“${text}” is not an address or CIDR range (e.g. 203.0.113.0/24).` });
      return z.NEVER;
    }
    return `${parsed[0].toString()}/${parsed[1]}`;
  });

/** What the dashboard sends to create a key; the domain receives the parsed result. */
export const apiKeyInput = z.object({
  name: z.string().trim().min(1, 'Give the key a name.').max(100),
  scopes: z.array(z.enum(apiScopes)).min(1, 'Pick at least one scope.'),
  expiresAt: z
    .date()
    .refine((date) => date.getTime() > Date.now(), 'The expiry must be in the future.')
    .nullable(),
  allowedCidrs: z.array(cidr).max(50),
  rateLimitPerMin: z.number().int().min(1).max(1_000_000).default(DEFAULT_RATE_LIMIT_PER_MIN),
});

export type ApiKeyInput = z.output<typeof apiKeyInput>;
