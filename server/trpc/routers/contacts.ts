import { z } from 'zod';
import { CONTACT_IMPORT_MAX_ROWS, contactName, contactTags, externalOnly, optedOutMarketing } from '@/server/contacts/contact-fields';
import { getContact } from '@/server/contacts/get-contact';
import { importContacts } from '@/server/contacts/import-contacts';
import { listContactTags } from '@/server/contacts/list-contact-tags';
import { listContacts } from '@/server/contacts/list-contacts';
import { readContactHistory } from '@/server/contacts/read-contact-history';
import { updateConversationContact } from '@/server/inbox/update-conversation-contact';
import { createTRPCRouter, orgProcedure } from '../init';

const byId = z.object({ id: z.string().min(1).max(64) });

export const contactsRouter = createTRPCRouter({
  list: orgProcedure
    .input(
      z.object({
        search: z.string().max(200).optional(),
        tag: z.string().min(1).max(50).optional(),
        optedOut: z.boolean().optional(),
        cursor: z.string().max(512).optional(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(({ ctx, input }) => listContacts(ctx.org.id, input)),
  tags: orgProcedure.query(({ ctx }) => listContactTags(ctx.org.id)),
  get: orgProcedure.input(byId).query(({ ctx, input }) => getContact(ctx.org.id, input.id)),
  history: orgProcedure.input(byId).query(({ ctx, input }) => readContactHistory(ctx.org.id, input.id)),
  update: orgProcedure
    .input(
      byId.extend({
        name: contactName.optional(),
        tags: contactTags.optional(),
        optedOutMarketing: optedOutMarketing.optional(),
        externalOnly: externalOnly.optional(),
      }),
    )
    .mutation(({ ctx, input: { id, ...changes } }) => updateConversationContact(ctx.org.id, id, changes)),
  // A mutation: the rows travel in a POST body.
  import: orgProcedure
    .input(
      z.object({
        rows: z
          .array(z.object({ phone: z.string().min(1).max(32), name: contactName.unwrap().optional(), tags: contactTags.optional() }))
          .min(1)
          .max(CONTACT_IMPORT_MAX_ROWS),
      }),
    )
    .mutation(({ ctx, input }) => importContacts(ctx.org.id, input.rows)),
});
