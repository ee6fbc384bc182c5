-- CreateIndex
CREATE INDEX "campaign_recipients_phone_number_idx" ON "campaign_recipients"("phone_number");
