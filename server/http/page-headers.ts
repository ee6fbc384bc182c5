import securityHeaders from './security-headers.json';

/**
 * The headers next.config.mjs puts on every answer Next.js makes (media aside), for the answers
 * the web server makes itself: the edge's and the widget's direct routes.
 */
export const pageHeaders: Readonly<Record<string, string>> = { ...securityHeaders.everywhere, ...securityHeaders.exceptMedia };
