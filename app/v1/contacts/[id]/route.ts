import { getContact as getContactSpec, updateContact as updateContactSpec } from '@/server/api/endpoints/contacts';
import { apiRoute } from '@/server/api/route';
import { getContact } from '@/server/contacts/get-contact';
import { updateContact } from '@/server/contacts/update-contact';

export const GET = apiRoute(getContactSpec, ({ caller, params }) => getContact(caller.orgId, params.id));

export const PATCH = apiRoute(updateContactSpec, ({ caller, params, body }) =>
  updateContact(caller.orgId, params.id, { name: body.name, tags: body.tags, optedOutMarketing: body.opted_out_marketing }),
);
