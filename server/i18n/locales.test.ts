import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from './catalogue';
import { LOCALES, localeFromAcceptLanguage } from './locales';

test('Accept-Language picks the first supported language by weight', () => {
  assert.equal(localeFromAcceptLanguage('ar-SA,ar;q=0.9,en;q=0.8'), 'ar');
  assert.equal(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.7'), 'en');
  assert.equal(localeFromAcceptLanguage('en;q=0.2, ar'), 'ar');
  assert.equal(localeFromAcceptLanguage('de, fr;q=0.5'), null);
  assert.equal(localeFromAcceptLanguage('ar;q=0, en'), 'en');
  assert.equal(localeFromAcceptLanguage(undefined), null);
});

/** Every string of one catalogue has its translation in every other, and no more. */
test('the catalogues have the same keys', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k)) : [prefix];
  const [first, ...others] = LOCALES.map((locale) => ({ locale, keys: keys(catalogue(locale)).sort() }));
  for (const other of others) assert.deepEqual(other.keys, first!.keys, `${other.locale} against ${first!.locale}`);
});
