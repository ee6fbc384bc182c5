import { getRequestConfig } from 'next-intl/server';
import { catalogue } from './catalogue';
import { resolveLocale } from './resolve-locale';

/** next-intl's per-request configuration (named in next.config.mjs): the language and its catalogue. */
export default getRequestConfig(async () => {
  const locale = await resolveLocale();
  return { locale, messages: catalogue(locale) };
});
