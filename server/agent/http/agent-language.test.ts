import assert from 'node:assert/strict';
import { test } from 'node:test';
import { agentLanguageOf } from './agent-language';

test('Accept-Language picks ar or en by quality, English otherwise', () => {
  assert.equal(agentLanguageOf(null), 'en');
  assert.equal(agentLanguageOf('ar'), 'ar');
  assert.equal(agentLanguageOf('ar-EG,ar;q=0.9'), 'ar');
  assert.equal(agentLanguageOf('fr-FR, en;q=0.5, ar;q=0.8'), 'ar');
  assert.equal(agentLanguageOf('en-GB, ar;q=0.3'), 'en');
  assert.equal(agentLanguageOf('de'), 'en');
  assert.equal(agentLanguageOf('ar;q=0'), 'en');
});
