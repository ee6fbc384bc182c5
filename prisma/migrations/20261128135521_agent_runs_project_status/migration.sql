-- CreateIndex
CREATE INDEX "agent_runs_project_id_status_idx" ON "agent_runs"("project_id", "status");
