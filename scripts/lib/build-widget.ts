import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Where the website widget is built to: served by the app as /widget/v1/widget.js. */
export const WIDGET_OUT = 'public/widget/v1/widget.js';

/**
 * Builds the embeddable widget (widget/src, TypeScript) into one minified script for any site's
 * `<script>` tag. Part of every build (`npm run build`, `npm test`, `npm run demo`); the output is
 * generated, not committed. Returns its size and gzipped size in bytes.
 */
export async function buildWidget(): Promise<{ bytes: number; gzipped: number }> {
  await build({
    entryPoints: ['widget/src/main.ts'],
    outfile: WIDGET_OUT,
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    legalComments: 'none',
    logLevel: 'warning',
  });
  const code = readFileSync(WIDGET_OUT);
  return { bytes: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}
