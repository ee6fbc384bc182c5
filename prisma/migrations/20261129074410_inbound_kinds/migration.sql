-- AlterEnum
ALTER TYPE "MessageAuthor" ADD VALUE 'phone_app';

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "kind_data" JSONB;
