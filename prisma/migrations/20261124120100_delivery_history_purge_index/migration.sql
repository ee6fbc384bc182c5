-- CreateIndex
CREATE INDEX "webhook_deliveries_updated_at_idx" ON "webhook_deliveries"("updated_at");
