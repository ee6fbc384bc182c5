import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db } from '@/server/db';
import { sealSecret, isUnderCurrentSecret, openSecret } from '@/server/secrets/secret-cipher';

export interface RotationReport {
  rotated: number;
  alreadyCurrent: number;
  /** Credentials no configured secret opens: their owners must enter the keys again. */
  undecryptable: Array<{ id: string; projectId: string; name: string }>;
}

const BATCH = 500;

/**
 * `npm run secrets:rotate`: re-encrypts every stored provider key under the current
 * CREDENTIALS_SECRET, so the secrets in CREDENTIALS_SECRET_PREVIOUS can then be dropped. Each
 * row is replaced only if it still holds what was read, so a key entered meanwhile is kept;
 * running it again does nothing more.
 */
export async function rotateCredentialKeys(): Promise<RotationReport> {
  const report: RotationReport = { rotated: 0, alreadyCurrent: 0, undecryptable: [] };
  let after = '';
  for (;;) {
    const rows = await db.providerCredential.findMany({
      where: { id: { gt: after } },
      orderBy: { id: 'asc' },
      take: BATCH,
      select: { id: true, projectId: true, name: true, keyCiphertext: true },
    });
    for (const row of rows) {
      if (isUnderCurrentSecret(row.keyCiphertext)) {
        report.alreadyCurrent += 1;
        continue;
      }
      const plain = openSecret(row.keyCiphertext);
      if (plain === null) {
        report.undecryptable.push({ id: row.id, projectId: row.projectId, name: row.name });
        continue;
      }
      const { count } = await db.providerCredential.updateMany({
        where: { id: row.id, keyCiphertext: row.keyCiphertext },
        data: { keyCiphertext: sealSecret(plain) },
      });
      report.rotated += count;
    }
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
  if (report.rotated > 0) await notifyCallerChange();
  return report;
}
