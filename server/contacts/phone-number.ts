import { ApiError } from '@/server/errors/api-error';
import { internationalNumber } from './contact-sheet';

/**
 * A phone number in international format as E.164, or `invalid_parameter`: the check the
 * campaign builder and the contacts import also run in the browser (`internationalNumber`).
 */
export function normalizePhoneNumber(input: string, param = 'phone_number'): string {
  const number = internationalNumber(input);
  if (!number) {
    throw new ApiError('invalid_parameter', `\`${param}\` must be a phone number in international format, such as +14155552671.`, { param });
  }
  return number;
}
