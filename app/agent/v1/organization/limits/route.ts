import { agentMethods } from '@/server/agent/http/agent-methods';
import { agentRoute } from '@/server/agent/http/agent-route';
import { setLimitsEndpoint } from '@/server/agent/http/endpoints/organization';
import { setDailyCostCap } from '@/server/agent/organization/daily-cost-cap';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = agentMethods({
  PATCH: agentRoute(setLimitsEndpoint, ({ caller, body }) => setDailyCostCap(caller.orgId, body.daily_cost_cap_usd)),
});
