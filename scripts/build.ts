import { buildWidget, WIDGET_OUT } from './lib/build-widget';
import { nextBuild } from './lib/next-build';

/** `npm run build`: the embeddable widget script, then the web app's stamped production build. */
const { gzipped } = await buildWidget();
console.log(`${WIDGET_OUT}: ${(gzipped / 1024).toFixed(1)} KB gzipped`);
process.exit(await nextBuild(process.env));
