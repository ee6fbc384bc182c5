import { ApiError } from '@/server/errors/api-error';
import { db } from '@/server/db';

/** The account a template is written for, with its business (the platform keeps templates per business account). */
export async function templateAccount(orgId: string, name: string | undefined) {
  const select = { id: true, name: true, status: true, portfolioId: true, portfolio: { select: { wabaId: true } } } as const;
  const account =
    name !== undefined
      ? await db.account.findFirst({ where: { orgId, name }, select })
      : await db.account.findFirst({
          where: { orgId, status: { not: 'disconnected' } },
          orderBy: [{ isDefaultOutgoing: 'desc' }, { createdAt: 'asc' }],
          select,
        });
  if (!account) {
    if (name !== undefined) throw new ApiError('account_not_found', `No account named \`${name}\` in this organization.`, { param: 'account' });
    throw new ApiError('no_connected_account', 'This organization has no connected account: connect a number before writing templates.');
  }
  if (account.status === 'disconnected') {
    throw new ApiError('account_disconnected', `Account \`${account.name}\` is disconnected: connect it again to write its templates.`, {
      param: 'account',
    });
  }
  return account;
}
