import { getContact as getContactSpec, updateContact as updateContactSpec } from '@/server/api/endpoints/contacts';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { getContact } from '@/server/contacts/get-contact';
import { updateContact } from '@/server/contacts/update-contact';

const get = apiRoute(getContactSpec, ({ caller, params }) => getContact(caller.orgId, params.id));

const patch = apiRoute(updateContactSpec, ({ caller, params, body }) =>
  updateContact(caller.orgId, params.id, { name: body.name, tags: body.tags, optedOutMarketing: body.opted_out_marketing }),
);

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get, PATCH: patch });
