import type { AgentRun } from '@/server/db';

/**
 * The WhatsApp message a channel run answers (kept in the run's options): where its reply goes.
 * It lives with the channel's outbound side, which the run engine and handoffs call; the
 * inbound hook (server/agent/whatsapp/) calls the run engine, never the other way round.
 */
export interface WhatsAppOrigin {
  /** The inbound messaging message (`msg_…`) last added to the run's input. */
  message_id: string;
  account_id: string;
  contact_id: string;
  org_id: string;
}

/** The WhatsApp message a run answers, when it is a WhatsApp channel run (its options say so). */
export function whatsAppOriginOf(run: Pick<AgentRun, 'options'>): WhatsAppOrigin | null {
  const origin = (run.options as { whatsapp?: WhatsAppOrigin } | null)?.whatsapp;
  return origin ?? null;
}
