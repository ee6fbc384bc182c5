import { config } from '../../server/config';
import { applyMigrations, ensureDatabase } from './migrations';

/** `npm run db:setup`: creates the database if needed and applies pending migrations. */
await ensureDatabase(config.DATABASE_URL);
const applied = await applyMigrations(config.DATABASE_URL);
const where = new URL(config.DATABASE_URL).pathname.slice(1);
console.error(applied.length ? `Applied ${applied.join(', ')} to ${where}` : `Database ${where} is up to date`);
