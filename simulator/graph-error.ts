import { randomBytes } from 'node:crypto';

/** Extra fields some Graph errors carry: token and OAuth errors have a subcode and no "(#code)" prefix. */
export interface GraphErrorExtras {
  subcode?: number;
  /** The message as is, without the "(#code) " prefix (OAuth and token errors read that way). */
  bare?: boolean;
  /** Graph's `type`; default `OAuthException`. */
  type?: string;
  userTitle?: string;
  userMessage?: string;
}

/**
 * A Graph API error, thrown by handlers and rendered in the platform's shape:
 * `{"error":{"message":"(#code) title","type":"OAuthException","code",...,"fbtrace_id"}}`.
 */
export class GraphError extends Error {
  constructor(
    readonly code: number,
    readonly title: string,
    readonly details?: string,
    readonly httpStatus = 400,
    readonly extras: GraphErrorExtras = {},
  ) {
    super(extras.bare ? title : `(#${code}) ${title}`);
  }

  toBody() {
    const { subcode, userTitle, userMessage, type } = this.extras;
    return {
      error: {
        message: this.message,
        type: type ?? 'OAuthException',
        code: this.code,
        ...(subcode !== undefined ? { error_subcode: subcode } : {}),
        ...(userTitle ? { is_transient: false, error_user_title: userTitle, error_user_msg: userMessage ?? userTitle } : {}),
        ...(this.details ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        fbtrace_id: randomBytes(12).toString('base64url'),
      },
    };
  }
}

export const invalidParameter = (details: string) => new GraphError(100, 'Invalid parameter', details);
export const missingParameter = (details: string) => new GraphError(131008, 'Required parameter is missing', details);
export const mediaError = (details: string) => new GraphError(131053, 'Media upload error', details);

/** Token errors (code 190): 467 invalid, 463 expired, 458 app not installed (revoked). */
export const invalidToken = () =>
  new GraphError(190, 'Invalid OAuth access token - Cannot parse access token', undefined, 401, { subcode: 467, bare: true });

export const expiredToken = (expiredAtS: number) =>
  new GraphError(
    190,
    `Error validating access token: Session has expired on ${new Date(expiredAtS * 1000).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
    undefined,
    401,
    { subcode: 463, bare: true },
  );

export const revokedToken = () =>
  new GraphError(190, 'Error validating access token: The user has not authorized application.', undefined, 401, {
    subcode: 458,
    bare: true,
  });

/** Code 200: the token lacks the permission or the asset (WABA, number) the call needs. */
export const permissionError = (details: string) => new GraphError(200, 'Permissions error', details, 403);
