import { logger } from '@/server/logger';
import { getRedis } from '@/server/redis';
import { announceCallerChange } from './caller-cache';

/**
 * Tells every web process to stop serving what it cached about callers (keys, `/v1/me`); call
 * after the change commits. The change itself stands if Redis cannot be reached: entries
 * expire within seconds anyway.
 */
export async function notifyCallerChange(): Promise<void> {
  try {
    await announceCallerChange(getRedis());
  } catch (error) {
    logger.warn({ err: error }, 'could not announce a change to API callers');
  }
}
