import type { AgentConfig } from '@/server/agent/agents/agent-config';

/** How every step of the builder changes the draft: a change of the whole config, applied to the latest edit. */
export type ConfigUpdate = (change: (config: AgentConfig) => AgentConfig) => void;

/** What the steps that also manage a project's resources (tools, knowledge) are given. */
export interface ProjectResourceSectionProps {
  projectId: string;
  canEdit: boolean;
  config: AgentConfig;
  update: ConfigUpdate;
}
