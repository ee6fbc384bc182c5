import { buildWidget, WIDGET_OUT } from './lib/build-widget';

/** `npm run build:widget` (and the first step of `npm run build`): the embeddable widget script. */
const { bytes, gzipped } = await buildWidget();
console.log(`${WIDGET_OUT}: ${(bytes / 1024).toFixed(1)} KB, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
