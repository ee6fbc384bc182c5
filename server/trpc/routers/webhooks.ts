import { z } from 'zod';
import { webhookEventNames } from '@/server/api/endpoints/webhooks';
import { MAX_URL_LENGTH } from '@/server/http/outbound-policy';
import { listDeliveries } from '@/server/webhooks/list-deliveries';
import { listEventCatalogue } from '@/server/webhooks/list-event-catalogue';
import { listWebhooksForMember, webhookManager } from '@/server/webhooks/member-webhooks';
import { createTRPCRouter, orgProcedure } from '../init';

const id = z.string().min(1).max(64);
const fields = {
  name: z.string().trim().min(1).max(100),
  url: z.string().trim().min(1).max(MAX_URL_LENGTH),
  events: z.array(z.enum(webhookEventNames)).min(1, 'Pick at least one event.'),
  headers: z.record(z.string(), z.string()),
};
const manage = orgProcedure.use(({ ctx, next }) => next({ ctx: { webhooks: webhookManager(ctx.org.id, ctx.role) } }));

export const webhooksRouter = createTRPCRouter({
  catalogue: orgProcedure.query(() => listEventCatalogue().data),

  list: orgProcedure.query(({ ctx }) => listWebhooksForMember(ctx.org.id, ctx.role)),

  create: manage.input(z.object({ ...fields, headers: fields.headers.optional() })).mutation(({ ctx, input }) => ctx.webhooks.create(input)),

  update: manage
    .input(z.object({ id, ...z.object(fields).partial().shape, isActive: z.boolean().optional() }))
    .mutation(({ ctx, input: { id: webhookId, ...changes } }) => ctx.webhooks.update(webhookId, changes)),

  rotateSecret: manage.input(z.object({ id })).mutation(({ ctx, input }) => ctx.webhooks.rotateSecret(input.id)),

  delete: manage.input(z.object({ id })).mutation(({ ctx, input }) => ctx.webhooks.delete(input.id)),

  test: manage.input(z.object({ id })).mutation(({ ctx, input }) => ctx.webhooks.test(input.id)),

  deliveries: orgProcedure
    .input(z.object({ id, event: z.enum(webhookEventNames).optional(), limit: z.number().int().min(1).max(200).default(100) }))
    .query(({ ctx, input }) => listDeliveries(ctx.org.id, input.id, input)),

  resend: manage.input(z.object({ id, deliveryId: id })).mutation(({ ctx, input }) => ctx.webhooks.resend(input.id, input.deliveryId)),
});
