import { z } from 'zod';
import { defineEndpoint } from '@/server/contract/define-endpoint';
import { idempotencyErrors } from '../agent-endpoint';

/** Sign-in, sign-up and invitation acceptance (docs/agent-api.md §1.3 "Identity and organisation"). */
const email = z.email().max(320);
const password = z.string().min(12, 'Use at least 12 characters.').max(1024);

const identity = z.object({
  user: z.object({ id: z.string(), object: z.literal('user'), email: z.string(), name: z.string() }),
  organizations: z.array(z.object({ id: z.string(), object: z.literal('organization'), name: z.string(), role: z.string() })),
});

export const logInEndpoint = defineEndpoint({
  operationId: 'logIn',
  method: 'POST',
  path: '/v1/auth/login',
  tag: 'Identity',
  summary: 'Log in with email and password',
  description: 'Sets the dashboard session cookie. Five failures in 15 minutes per email and address answer `rate_limited`.',
  access: 'public',
  body: z.object({ email: z.string().trim().min(1).max(320), password: z.string().min(1).max(1024) }).strict(),
  response: { status: 200, description: 'The user and their organizations; the session cookie is set.', schema: identity },
  errors: ['invalid_credentials'],
});

export const signUpEndpoint = defineEndpoint({
  operationId: 'signUp',
  method: 'POST',
  path: '/v1/auth/signup',
  tag: 'Identity',
  summary: 'Create an account and the organization it owns',
  description: 'Open only when the deployment sets `SIGNUP_OPEN=true`; otherwise people join by invitation.',
  access: 'public',
  idempotent: true,
  body: z.object({ email, password, name: z.string().trim().min(1).max(100), organization_name: z.string().trim().min(1).max(100) }).strict(),
  response: { status: 201, description: 'The new user and organization; the session cookie is set.', schema: identity },
  errors: ['signup_closed', 'email_taken', ...idempotencyErrors],
});

export const acceptInvitationEndpoint = defineEndpoint({
  operationId: 'acceptInvitation',
  method: 'POST',
  path: '/v1/invitations/accept',
  tag: 'Identity',
  summary: 'Accept an invitation by choosing a password',
  description: 'The link works once and for 7 days. A person who already has an account logs in instead (`email_taken`).',
  access: 'public',
  body: z
    .object({ token: z.string().min(1).max(200), name: z.string().trim().min(1).max(100).optional(), password: password.optional() })
    .strict(),
  response: { status: 200, description: 'The user and their organizations; the session cookie is set.', schema: identity },
  errors: ['invitation_expired', 'email_taken'],
});

export const identityEndpoints = [logInEndpoint, signUpEndpoint, acceptInvitationEndpoint];
