import { listAccounts as listAccountsSpec } from '@/server/api/endpoints/account';
import { apiRoute } from '@/server/api/route';
import { listAccounts } from '@/server/accounts/list-accounts';
import { presentAccount } from '@/server/accounts/present-account';

export const GET = apiRoute(listAccountsSpec, async ({ caller }) => ({
  data: (await listAccounts(caller.orgId)).map(presentAccount),
  has_more: false,
}));
