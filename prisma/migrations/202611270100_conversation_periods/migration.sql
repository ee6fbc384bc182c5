-- CreateTable
CREATE TABLE "conversation_periods" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "open_contact_id" TEXT,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "first_response_at" TIMESTAMPTZ(3),
    "first_responder_id" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "resolved_by_id" TEXT,

    CONSTRAINT "conversation_periods_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "conversation_periods_open_contact_id_key" ON "conversation_periods"("open_contact_id");

-- CreateIndex
CREATE INDEX "conversation_periods_org_id_opened_at_idx" ON "conversation_periods"("org_id", "opened_at");

-- CreateIndex
CREATE INDEX "conversation_periods_org_id_resolved_at_idx" ON "conversation_periods"("org_id", "resolved_at");

-- CreateIndex
CREATE INDEX "conversation_periods_contact_id_idx" ON "conversation_periods"("contact_id");

-- AddForeignKey
ALTER TABLE "conversation_periods" ADD CONSTRAINT "conversation_periods_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_periods" ADD CONSTRAINT "conversation_periods_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_periods" ADD CONSTRAINT "conversation_periods_first_responder_id_fkey" FOREIGN KEY ("first_responder_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "conversation_periods" ADD CONSTRAINT "conversation_periods_resolved_by_id_fkey" FOREIGN KEY ("resolved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
