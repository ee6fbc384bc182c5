import { db, type Prisma } from '@/server/db';
import { newId } from '@/server/db/ids';
import { attemptDelivery, type AttemptOutcome } from './attempt-delivery';

export interface TestDelivery {
  orgId: string;
  /** The receiver: a messaging webhook, or an agent project's endpoint (then `projectId` too). */
  receiver: { webhookId: string } | { agentEndpointId: string; projectId: string };
  eventId: string;
  type: string;
  payload: Prisma.InputJsonObject;
  now: Date;
  timeoutMs?: number;
}

/**
 * Records a made-up event and its delivery, and makes the one attempt now, through the same
 * delivery code as real events (signed and recorded in the history, never retried, sent even
 * to a paused receiver: checking it before resuming is the point). Returns the attempt's outcome.
 */
export async function sendTestDelivery(test: TestDelivery): Promise<AttemptOutcome> {
  const deliveryId = newId('delivery');
  const { orgId, eventId, type, now } = test;
  const projectId = 'projectId' in test.receiver ? test.receiver.projectId : null;
  const target = 'webhookId' in test.receiver ? { webhookId: test.receiver.webhookId } : { agentEndpointId: test.receiver.agentEndpointId };
  await db.$transaction([
    db.event.create({ data: { id: eventId, orgId, projectId, type, payload: test.payload, createdAt: now } }),
    db.webhookDelivery.create({ data: { id: deliveryId, orgId, ...target, eventId, event: type, nextAttemptAt: now } }),
  ]);
  const outcome = await attemptDelivery(deliveryId, { now, test: true, timeoutMs: test.timeoutMs });
  if (!outcome) throw new Error(`The test delivery ${deliveryId} was not attempted`);
  return outcome;
}
