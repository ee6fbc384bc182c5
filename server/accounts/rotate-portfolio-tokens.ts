import { db } from '@/server/db';
import { isUnderCurrentSecret, openSecret } from '@/server/secrets/secret-cipher';
import { storedAccessToken } from './portfolio-token';

export interface TokenRotationReport {
  /** Sealed again under the current secret, or sealed for the first time (plain tokens stored before sealing). */
  rotated: number;
  alreadyCurrent: number;
  /** Businesses whose token opens under no configured secret: their numbers must be reconnected. */
  undecryptable: Array<{ id: string; orgId: string; name: string }>;
}

const BATCH = 500;

/**
 * The platform-token half of `npm run secrets:rotate`: every business's token sealed under the
 * current CREDENTIALS_SECRET, including plain ones stored before tokens were sealed (their plain
 * copy is cleared). Each row is replaced only if it still holds what was read, so a token
 * stored meanwhile by a reconnect is kept.
 */
export async function rotatePortfolioTokens(): Promise<TokenRotationReport> {
  const report: TokenRotationReport = { rotated: 0, alreadyCurrent: 0, undecryptable: [] };
  let after = '';
  for (;;) {
    const rows = await db.businessPortfolio.findMany({
      where: { id: { gt: after }, OR: [{ accessTokenSealed: { not: null } }, { accessTokenLegacy: { not: null } }] },
      orderBy: { id: 'asc' },
      take: BATCH,
      select: { id: true, orgId: true, name: true, accessTokenSealed: true, accessTokenLegacy: true },
    });
    for (const row of rows) {
      if (row.accessTokenSealed !== null && row.accessTokenLegacy === null && isUnderCurrentSecret(row.accessTokenSealed)) {
        report.alreadyCurrent += 1;
        continue;
      }
      const plain = row.accessTokenSealed !== null ? openSecret(row.accessTokenSealed) : row.accessTokenLegacy;
      if (plain === null) {
        report.undecryptable.push({ id: row.id, orgId: row.orgId, name: row.name });
        continue;
      }
      const { count } = await db.businessPortfolio.updateMany({
        where: { id: row.id, accessTokenSealed: row.accessTokenSealed, accessTokenLegacy: row.accessTokenLegacy },
        data: storedAccessToken(plain),
      });
      report.rotated += count;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
  return report;
}
