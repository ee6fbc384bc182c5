import { z } from 'zod';
import { apiKeyInput } from '@/server/api-keys/api-key-input';
import { createApiKey } from '@/server/api-keys/create-api-key';
import { listApiKeysForMember } from '@/server/api-keys/list-api-keys';
import { revokeApiKey } from '@/server/api-keys/revoke-api-key';
import { setApiKeyEnabled } from '@/server/api-keys/set-api-key-enabled';
import { createTRPCRouter, orgProcedure } from '../init';

const keyId = z.string().min(1).max(64);

export const apiKeysRouter = createTRPCRouter({
  list: orgProcedure.query(({ ctx }) => listApiKeysForMember(ctx.org.id, ctx.role)),

  create: orgProcedure
    .input(apiKeyInput)
    .mutation(({ ctx, input }) => createApiKey({ orgId: ctx.org.id, role: ctx.role, userId: ctx.user.id, input })),

  setEnabled: orgProcedure
    .input(z.object({ id: keyId, enabled: z.boolean() }))
    .mutation(({ ctx, input }) => setApiKeyEnabled({ orgId: ctx.org.id, role: ctx.role, keyId: input.id, enabled: input.enabled })),

  revoke: orgProcedure
    .input(z.object({ id: keyId }))
    .mutation(({ ctx, input }) => revokeApiKey({ orgId: ctx.org.id, role: ctx.role, keyId: input.id })),
});
