import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { ApiError } from '@/server/errors/api-error';

/**
 * A phone number in international format (`+` and country code, any spacing or punctuation)
 * as E.164, or `invalid_parameter`. "Possible" (right length for the country) rather than
 * "valid" (an assigned range): the platform's test numbers, such as +1 555 …, are unassigned.
 */
export function normalizePhoneNumber(input: string, param = 'phone_number'): string {
  const parsed = parsePhoneNumberFromString(input.trim(), { extract: false });
  if (!input.trim().startsWith('+') || !parsed || parsed.ext || !parsed.isPossible()) {
    throw new ApiError('invalid_parameter', `\`${param}\` must be a phone number in international format, such as +14155552671.`, { param });
  }
  return parsed.number;
}
