import { readAgentTimes } from '@/server/reports/read-agent-times';
import { readConversationActivity } from '@/server/reports/read-conversation-activity';
import { readDeliveryRates } from '@/server/reports/read-delivery-rates';
import { readMessageVolume } from '@/server/reports/read-message-volume';
import { reportRangeInput } from '@/server/reports/report-range';
import { createTRPCRouter, orgProcedure } from '../init';

export const reportsRouter = createTRPCRouter({
  messages: orgProcedure.input(reportRangeInput).query(({ ctx, input }) => readMessageVolume(ctx.org.id, input)),
  deliveryRates: orgProcedure.input(reportRangeInput).query(({ ctx, input }) => readDeliveryRates(ctx.org.id, input)),
  conversations: orgProcedure.input(reportRangeInput).query(({ ctx, input }) => readConversationActivity(ctx.org.id, input)),
  agentTimes: orgProcedure.input(reportRangeInput).query(({ ctx, input }) => readAgentTimes(ctx.org.id, input)),
});
