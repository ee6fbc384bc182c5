-- CreateEnum
CREATE TYPE "ReactionSide" AS ENUM ('customer', 'business');

-- CreateTable
CREATE TABLE "message_reactions" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "side" "ReactionSide" NOT NULL,
    "emoji" TEXT,
    "wamid" TEXT,
    "reacted_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "message_reactions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "message_reactions_org_id_idx" ON "message_reactions"("org_id");

-- CreateIndex
CREATE UNIQUE INDEX "message_reactions_message_id_side_key" ON "message_reactions"("message_id", "side");

-- AddForeignKey
ALTER TABLE "message_reactions" ADD CONSTRAINT "message_reactions_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
