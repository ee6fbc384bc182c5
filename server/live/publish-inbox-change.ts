import { newId } from '@/server/db/ids';
import { logger } from '@/server/logger';
import { publishLiveEvent } from './publish-live-event';

/**
 * Announces a change the inbox made (read, assigned, tagged, noted) to the organization's open
 * dashboards. These are not API events, so they go straight to the live stream; losing one
 * while Redis is down only delays what other agents see until their next refresh.
 */
export async function publishInboxChange(orgId: string, contactId: string, change: string): Promise<void> {
  try {
    await publishLiveEvent({ id: newId('event'), orgId, type: 'conversation.updated', payload: { contact_id: contactId, change } });
  } catch (error) {
    logger.warn({ err: error, orgId, contactId }, 'live inbox change not published');
  }
}
