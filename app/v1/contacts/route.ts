import { createContact as createContactSpec, listContacts as listContactsSpec } from '@/server/api/endpoints/contacts';
import { apiRoute } from '@/server/api/route';
import { createContact } from '@/server/contacts/create-contact';
import { listContacts } from '@/server/contacts/list-contacts';

export const GET = apiRoute(listContactsSpec, ({ caller, query }) => listContacts(caller.orgId, query));

export const POST = apiRoute(createContactSpec, ({ caller, body }) =>
  createContact(caller.orgId, {
    phoneNumber: body.phone_number,
    name: body.name,
    tags: body.tags,
    optedOutMarketing: body.opted_out_marketing,
  }),
);
