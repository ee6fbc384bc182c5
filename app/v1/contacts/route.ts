import { createContact as createContactSpec, listContacts as listContactsSpec } from '@/server/api/endpoints/contacts';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { createContact } from '@/server/contacts/create-contact';
import { listContacts } from '@/server/contacts/list-contacts';

const get = apiRoute(listContactsSpec, ({ caller, query }) => listContacts(caller.orgId, query));

const post = apiRoute(createContactSpec, ({ caller, body }) =>
  createContact(caller.orgId, {
    phoneNumber: body.phone_number,
    name: body.name,
    tags: body.tags,
    optedOutMarketing: body.opted_out_marketing,
  }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, POST: post });
