import type { MessageStatus } from '@/server/db';

/**
 * Statuses only move forward: pending < sent < delivered < read, and failed may follow only
 * pending or sent. A platform status that would move a message backwards, or repeats one it
 * already has, is ignored; the platform may deliver statuses twice or out of order.
 */
export const statusesBefore: Record<MessageStatus, MessageStatus[]> = {
  pending: [],
  sent: ['pending'],
  delivered: ['pending', 'sent'],
  read: ['pending', 'sent', 'delivered'],
  failed: ['pending', 'sent'],
};
