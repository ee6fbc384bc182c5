import assert from 'node:assert/strict';
import { test } from 'node:test';
import { catalogue } from '@/server/i18n/catalogue';
import { campaignDisplayStatuses, presentCampaignStatus, whereCampaignDisplayStatus } from './present-campaign-status';

const resumesAt = '2026-03-12T09:30:00.000Z';

test('a processing campaign parked against the messaging limit waits for the limit; otherwise it is sending', () => {
  assert.equal(presentCampaignStatus({ status: 'processing', resumes_at: resumesAt }), 'waiting_for_limit');
  assert.equal(presentCampaignStatus({ status: 'processing', resumes_at: null }), 'sending');
});

test('every other stored status is shown as it is', () => {
  for (const status of ['draft', 'scheduled', 'paused', 'completed', 'failed'] as const) {
    assert.equal(presentCampaignStatus({ status, resumes_at: null }), status);
  }
});

test('filtering by a shown status finds exactly the campaigns shown with it', () => {
  assert.deepEqual(whereCampaignDisplayStatus('waiting_for_limit'), { status: 'processing', resumesAt: { not: null } });
  assert.deepEqual(whereCampaignDisplayStatus('sending'), { status: 'processing', resumesAt: null });
  assert.deepEqual(whereCampaignDisplayStatus('paused'), { status: 'paused' });
  assert.equal(new Set(campaignDisplayStatuses).size, 7);
});

test('every shown status has its words in English and Arabic, and no stored status has words of its own', () => {
  for (const locale of ['en', 'ar'] as const) {
    const words = (catalogue(locale).campaigns as { status: Record<string, string> }).status;
    assert.deepEqual(Object.keys(words).sort(), [...campaignDisplayStatuses].sort(), locale);
  }
});
