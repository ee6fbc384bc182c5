import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

/**
 * Prisma's schema engine compiled to WebAssembly: it turns one Prisma schema into another as SQL
 * without the engine binary the Prisma CLI would download. Only `diff` between datamodels is used;
 * the engine still opens the adapter's connection, so it is given the local server's maintenance
 * database, which it does not change.
 */
const require = createRequire(import.meta.url);

function maintenanceUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/wa_platform');
  url.pathname = '/postgres';
  return url.toString();
}

type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
};

async function loadEngine(): Promise<Engine> {
  const bgPath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const bindings = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const bytes = await readFile(bgPath.replace(/\.js$/, '.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg({ connectionString: maintenanceUrl() }) as never);
  return bindings.SchemaEngine.new({ datamodels: undefined }, () => {}, factory);
}

/** SQL that turns a database built from `fromSchema` (or an empty one) into one matching `toSchema`. */
export async function diffSchemas(fromSchema: string | null, toSchema: string): Promise<string> {
  const engine = await loadEngine();
  const datamodel = (content: string) => ({
    tag: 'schemaDatamodel',
    files: [{ path: 'schema.prisma', content }],
  });
  const result = await engine.diff({
    from: fromSchema === null ? { tag: 'empty' } : datamodel(fromSchema),
    to: datamodel(toSchema),
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  return result.stdout ?? '';
}
