import { randomBytes } from 'node:crypto';

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
  ) {
    super(`(#${code}) ${title}`);
  }

  toBody() {
    return {
      error: {
        message: this.message,
        type: 'OAuthException',
        code: this.code,
        ...(this.details ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        fbtrace_id: randomBytes(12).toString('base64url'),
      },
    };
  }
}

export const invalidParameter = (details: string) => new GraphError(100, 'Invalid parameter', details);
export const missingParameter = (details: string) => new GraphError(131008, 'Required parameter is missing', details);
export const mediaError = (details: string) => new GraphError(131053, 'Media upload error', details);
