import { logger } from '@/server/logger';
import { purgeExpiredRows } from './purge-expired-rows';

export async function purgeExpiredRowsJob(): Promise<void> {
  const purged = await purgeExpiredRows();
  if (Object.values(purged).some((n) => n > 0)) logger.info({ purged }, 'purged rows past their retention');
}
