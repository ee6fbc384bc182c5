-- CreateIndex
CREATE INDEX "contacts_last_inbound_at_idx" ON "contacts"("last_inbound_at");
