/** Every scope a key can hold (docs/messaging-api.md §2); each /v1 endpoint requires one. */
export const apiScopes = [
  'account:read',
  'messages:send',
  'messages:read',
  'campaigns:write',
  'campaigns:read',
  'webhooks:write',
  'webhooks:read',
  'templates:read',
  'templates:write',
  'contacts:read',
  'contacts:write',
] as const;

export type ApiScope = (typeof apiScopes)[number];
