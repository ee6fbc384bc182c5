-- CreateIndex
CREATE INDEX "agent_handoffs_project_id_status_idx" ON "agent_handoffs"("project_id", "status");

-- CreateIndex
CREATE INDEX "agent_sessions_project_id_channel_status_idx" ON "agent_sessions"("project_id", "channel", "status");
