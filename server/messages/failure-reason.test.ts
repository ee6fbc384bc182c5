import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from '@/server/i18n/catalogue';
import { explainFailure, FAILURE_KEYS, platformCodeOf } from './failure-reason';

test('the platform code is read from the stored failure text', () => {
  assert.equal(platformCodeOf('(#131047) Re-engagement message'), 131047);
  assert.equal(platformCodeOf('connection reset'), null);
  assert.equal(platformCodeOf(null), null);
});

test('each failure gets plain words and what to do', () => {
  assert.deepEqual(explainFailure('(#131047) Re-engagement message'), { code: 131047, key: 'windowClosed', advice: 'use_template' });
  assert.deepEqual(explainFailure('(#131056) pair rate limit hit'), { code: 131056, key: 'pairRateLimit', advice: 'retry_later' });
  assert.deepEqual(explainFailure('socket hang up'), { code: null, key: 'unknown', advice: 'retry' });
  assert.deepEqual(explainFailure('(#999999) new'), { code: 999999, key: 'unknown', advice: 'retry' });
});

test('every explanation is written in every language', () => {
  for (const locale of ['en', 'ar'] as const) {
    const failure = catalogue(locale).failure as Record<string, string>;
    for (const key of FAILURE_KEYS) assert.ok(failure[key]?.length, `${locale}: failure.${key}`);
  }
});
