import { z } from 'zod';
import { webhookEventNames } from '@/server/api/endpoints/webhooks';
import { MAX_URL_LENGTH } from '@/server/http/outbound-policy';
import { createWebhook } from '@/server/webhooks/create-webhook';
import { listDeliveries } from '@/server/webhooks/list-deliveries';
import { listEventCatalogue } from '@/server/webhooks/list-event-catalogue';
import { listWebhooksForDashboard } from '@/server/webhooks/list-webhooks';
import { resendDelivery } from '@/server/webhooks/resend-delivery';
import { testWebhook } from '@/server/webhooks/test-webhook';
import { deleteWebhook, updateWebhook } from '@/server/webhooks/update-webhook';
import { generateWebhookSecret } from '@/server/webhooks/webhook-rules';
import { assertCanManageWebhooks, canManageWebhooks } from '@/server/webhooks/webhook-permission';
import { createTRPCRouter, orgProcedure } from '../init';

const id = z.string().min(1).max(64);
const fields = {
  name: z.string().trim().min(1).max(100),
  url: z.string().trim().min(1).max(MAX_URL_LENGTH),
  events: z.array(z.enum(webhookEventNames)).min(1, 'Pick at least one event.'),
  headers: z.record(z.string(), z.string()),
};
const manage = orgProcedure.use(({ ctx, next }) => {
  assertCanManageWebhooks(ctx.role);
  return next();
});

export const webhooksRouter = createTRPCRouter({
  catalogue: orgProcedure.query(() => listEventCatalogue().data),

  list: orgProcedure.query(async ({ ctx }) => ({
    canManage: canManageWebhooks(ctx.role),
    webhooks: await listWebhooksForDashboard(ctx.org.id),
  })),

  create: manage
    .input(z.object({ ...fields, headers: fields.headers.optional() }))
    .mutation(({ ctx, input }) => createWebhook(ctx.org.id, input)),

  update: manage
    .input(z.object({ id, ...z.object(fields).partial().shape, isActive: z.boolean().optional() }))
    .mutation(({ ctx, input: { id: webhookId, ...changes } }) => updateWebhook(ctx.org.id, webhookId, changes)),

  rotateSecret: manage.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    const secret = generateWebhookSecret();
    await updateWebhook(ctx.org.id, input.id, { secret });
    return { secret };
  }),

  delete: manage.input(z.object({ id })).mutation(({ ctx, input }) => deleteWebhook(ctx.org.id, input.id)),

  test: manage.input(z.object({ id })).mutation(({ ctx, input }) => testWebhook(ctx.org.id, input.id)),

  deliveries: orgProcedure
    .input(z.object({ id, event: z.enum(webhookEventNames).optional(), limit: z.number().int().min(1).max(200).default(100) }))
    .query(({ ctx, input }) => listDeliveries(ctx.org.id, input.id, input)),

  resend: manage.input(z.object({ id, deliveryId: id })).mutation(({ ctx, input }) => resendDelivery(ctx.org.id, input.id, input.deliveryId)),
});
