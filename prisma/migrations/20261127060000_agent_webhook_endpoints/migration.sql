-- AlterTable
ALTER TABLE "events" ADD COLUMN     "project_id" TEXT;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "agent_endpoint_id" TEXT;

-- CreateTable
CREATE TABLE "agent_webhook_endpoints" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_webhook_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_webhook_endpoints_project_id_created_at_id_idx" ON "agent_webhook_endpoints"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_agent_endpoint_id_created_at_id_idx" ON "webhook_deliveries"("agent_endpoint_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_agent_endpoint_id_event_id_key" ON "webhook_deliveries"("agent_endpoint_id", "event_id");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_agent_endpoint_id_fkey" FOREIGN KEY ("agent_endpoint_id") REFERENCES "agent_webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_webhook_endpoints" ADD CONSTRAINT "agent_webhook_endpoints_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
