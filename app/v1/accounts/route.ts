import { listAccounts as listAccountsSpec } from '@/server/api/endpoints/account';
import { apiMethods } from '@/server/api/methods';
import { apiRoute } from '@/server/api/route';
import { listAccounts } from '@/server/accounts/list-accounts';
import { presentAccount } from '@/server/accounts/present-account';

const get = apiRoute(listAccountsSpec, async ({ caller }) => ({
  data: (await listAccounts(caller.orgId)).map(presentAccount),
  has_more: false,
}));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods({ GET: get });
