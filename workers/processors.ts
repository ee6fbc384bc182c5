import { sendReactionJob } from '@/server/messages/send-reaction.job';
import type { Job } from 'bullmq';
import { syncAccountJob } from '@/server/accounts/sync-account.job';
import { indexKnowledgeSourceJob } from '@/server/agent/knowledge/index-knowledge-source.job';
import { executeRunJob } from '@/server/agent/runs/execute-run.job';
import { expireHandoffs } from '@/server/agent/handoffs/expire-handoffs';
import { reconcileRuns } from '@/server/agent/runs/reconcile-runs';
import { reconcileUnanswered } from '@/server/agent/whatsapp/reconcile-unanswered';
import { settleSessionJobRun } from '@/server/agent/runs/session-runs';
import { agentInboundJob } from '@/server/agent/whatsapp/agent-inbound.job';
import { takeoverJob } from '@/server/agent/whatsapp/takeover.job';
import { reconcileUsageCounters } from '@/server/agent/usage/reconcile-usage-counters';
import { dispatchCampaignJob, startScheduledCampaignJob } from '@/server/campaigns/campaign-jobs';
import { sweepCampaigns } from '@/server/campaigns/sweep-campaigns';
import { wakeSnoozedConversations } from '@/server/conversations/conversation-status';
import { sendMessagesJob } from '@/server/messages/send-message.job';
import { processPlatformEventJob } from '@/server/platform-events/process-platform-event.job';
import type { JobData, JobName, QueueName } from '@/server/queues';
import { purgeExpiredRowsJob } from '@/server/retention/purge-expired-rows.job';
import { checkWebhookSilenceJob } from '@/server/accounts/check-webhook-silence.job';
import { syncTemplatesJob } from '@/server/templates/sync-templates.job';
import { fanOutEventsJob } from '@/server/webhook-events/fan-out-events.job';
import { attemptDeliveriesJob } from '@/server/webhooks/webhook-jobs';

type Processors = {
  [Q in QueueName]?: { [J in JobName<Q>]?: (job: Job, data: JobData<Q, J>, token?: string) => Promise<void> };
};

/**
 * Which function runs each job. Queues whose domain is not built yet have no entry, and the
 * worker does not consume them, so their jobs wait rather than fail.
 */
export const processors: Processors = {
  messages: { 'message.send': sendMessagesJob, 'reaction.send': (_job, data) => sendReactionJob(data) },
  'platform-events': { 'platform-event.process': processPlatformEventJob },
  campaigns: { 'campaign.start': startScheduledCampaignJob, 'campaign.dispatch': dispatchCampaignJob },
  maintenance: {
    'account.sync': (_job, data) => syncAccountJob(data),
    'templates.sync': (_job, data) => syncTemplatesJob(data),
    'campaigns.sweep': async () => void (await sweepCampaigns()),
    'conversations.wake': async () => void (await wakeSnoozedConversations()),
    'retention.purge': purgeExpiredRowsJob,
    'agent-usage.reconcile': async () => void (await reconcileUsageCounters()),
    'accounts.webhook-silence': checkWebhookSilenceJob,
  },
  knowledge: { 'knowledge.index': (_job, data) => indexKnowledgeSourceJob(data) },
  'agent-runs': {
    'agent-run.execute': executeRunJob,
    'agent-runs.reconcile': async () => {
      await reconcileRuns();
      await expireHandoffs();
      await reconcileUnanswered();
    },
    'agent-session.settle': settleSessionJobRun,
    'agent.inbound': agentInboundJob,
    'agent.takeover': takeoverJob,
  },
  'webhook-fan-out': { 'events.fan-out': fanOutEventsJob },
  'webhook-attempts': { 'deliveries.attempt': attemptDeliveriesJob },
};
