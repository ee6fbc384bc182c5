import { logger } from '@/server/logger';
import { getRedis } from '@/server/redis';
import { announceKeyChange } from './key-cache';

/**
 * Tells every web process to drop its cached key lookups; call after the change commits.
 * The change itself stands if Redis cannot be reached: the caches then serve nothing
 * (they stop trusting entries while unsubscribed) and entries expire within seconds anyway.
 */
export async function notifyKeyChange(): Promise<void> {
  try {
    await announceKeyChange(getRedis());
  } catch (error) {
    logger.warn({ err: error }, 'could not announce an API key change');
  }
}
