-- AlterTable
ALTER TABLE "templates" ADD COLUMN     "status_detail" TEXT,
ADD COLUMN     "status_reason" TEXT;
