import { notifyCallerChange } from '@/server/api-keys/notify-caller-change';
import { db } from '@/server/db';

const MICROS_PER_USD = 1_000_000;

/** Stores the organization's daily model-cost cap in micro-dollars (null: no cap); asks see it on their next request. */
export async function setDailyCostCap(orgId: string, usd: number | null) {
  const micros = usd === null ? null : BigInt(Math.round(usd * MICROS_PER_USD));
  const org = await db.organization.update({ where: { id: orgId }, data: { dailyCostCapMicros: micros }, select: { dailyCostCapMicros: true } });
  await notifyCallerChange();
  return presentLimits(org.dailyCostCapMicros);
}

export const presentLimits = (micros: bigint | null) => ({
  object: 'organization_limits' as const,
  daily_cost_cap_usd: micros === null ? null : Number(micros) / MICROS_PER_USD,
});
