import { DomainError } from '@/server/errors/domain-error';

/** The steps of connecting a number, in order (docs/going-live.md, "Connecting a number"). */
export type ConnectStep = 'token' | 'number' | 'store' | 'subscribe' | 'register';

export type ConnectReason =
  | 'token_invalid'
  | 'token_expired'
  | 'code_invalid'
  | 'permission_missing'
  | 'waba_not_granted'
  | 'number_not_in_waba'
  | 'connected_elsewhere'
  | 'busy'
  | 'wrong_pin'
  | 'pin_locked'
  | 'too_many_registrations'
  | 'platform_error';

const messages: Record<ConnectReason, string> = {
  token_invalid: 'The platform does not accept this access token. Generate a new one and try again.',
  token_expired: 'This access token has expired. Generate a new one (or run Embedded Signup again) and try again.',
  code_invalid: 'The signup popup’s code was not accepted (it works once, for 30 seconds). Run Embedded Signup again.',
  permission_missing: 'The token lacks whatsapp_business_management or whatsapp_business_messaging. Grant both to the app and try again.',
  waba_not_granted: 'The token was not granted this WhatsApp business account. Assign the account to the app’s user and try again.',
  number_not_in_waba: 'This phone number id does not belong to that WhatsApp business account. Check both ids.',
  connected_elsewhere: 'This number or business account is connected to another organization. Disconnect it there first.',
  busy: 'This number is being connected right now. Try again in a moment.',
  wrong_pin: 'The PIN is wrong. Enter the number’s two-step verification PIN and try again.',
  pin_locked: 'Too many wrong PINs: the platform blocks guessing for a while. Wait, then try again with the right PIN.',
  too_many_registrations: 'The number was registered too often (10 times in 72 hours). Wait, then try again.',
  platform_error: 'The platform refused a step.',
};

/** A step of connecting a number that failed, with what to do; a retry resumes at that step. */
export class ConnectRefusal extends DomainError {
  override name = 'ConnectRefusal';

  constructor(
    readonly step: ConnectStep,
    readonly reason: ConnectReason,
    detail?: string,
  ) {
    super(detail ? `${messages[reason]} ${detail}` : messages[reason]);
  }

  get trpcCode() {
    return this.reason === 'connected_elsewhere' || this.reason === 'busy' ? ('CONFLICT' as const) : ('BAD_REQUEST' as const);
  }

  override get appCode(): string {
    return this.reason;
  }
}
