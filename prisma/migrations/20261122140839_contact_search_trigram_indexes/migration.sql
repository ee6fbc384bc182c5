-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateIndex
CREATE INDEX "contacts_name_idx" ON "contacts" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "contacts_phone_number_idx" ON "contacts" USING GIN ("phone_number" gin_trgm_ops);
