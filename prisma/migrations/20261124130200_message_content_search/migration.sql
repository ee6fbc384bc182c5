-- CreateIndex
CREATE INDEX "messages_content_idx" ON "messages" USING GIN ("content" gin_trgm_ops);
