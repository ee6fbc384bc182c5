import { defineConfig } from 'prisma/config';

// Migrations are generated and applied by the project's own scripts (scripts/db), because the
// Prisma CLI's schema engine is a binary download this environment cannot make.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/wa_platform' },
});
