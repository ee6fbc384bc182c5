import { mkdirSync } from 'node:fs';
import { startStack, waitForHealthy } from '../lib/stack';
import { benchEnv, createBenchTemplate, createBenchTenant, resetStores } from './bench-setup';
import { apiCaller, benchPhones, percentile, unlimitedNumber } from './campaign-support';

/**
 * `npm run bench:fairness` (issue 21; production build first: `npm run build`): whether a big
 * campaign delays anybody else's messages. Organization 1 runs a 100,000-recipient campaign on
 * number A at 1,000/s; meanwhile organization 2 sends one template (an OTP) a second from its
 * number B, and organization 1 one a second from its other number C, for 60 s. Reports, for
 * each OTP sender, p50 and p99 from accept to `sent` (target p99 < 1 s) beside the same
 * figures measured first with no campaign running, and the campaign's own rate during the
 * window (target ≥ 95 % of 1,000/s). `BENCH_OTP_SECONDS` changes the 60 s (of both windows),
 * `BENCH_RECIPIENTS` the 100,000.
 */
const port = 3460;
const simulatorPort = 4470;
const base = `http://127.0.0.1:${port}`;
const simulatorUrl = `http://127.0.0.1:${simulatorPort}`;
const RATE = 1_000;
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const OTP_SECONDS = Number(process.env.BENCH_OTP_SECONDS ?? 60);
const env = benchEnv(port, simulatorPort);
await resetStores(env);

const org1 = await createBenchTenant({ throughputPerSec: RATE });
const [numberA, numberC] = org1.accounts as [{ id: string; phoneId: string }, { id: string; phoneId: string }];
await createBenchTemplate(org1.orgId, numberA.id, 'promo_offer');
await createBenchTemplate(org1.orgId, numberC.id, 'login_code');
const org2 = await createBenchTenant();
const numberB = org2.accounts[0] as { id: string; phoneId: string };
await createBenchTemplate(org2.orgId, numberB.id, 'login_code');
const { db } = org1;

mkdirSync('/tmp/bench-fairness-logs', { recursive: true });
const stack = startStack({ env, webPort: port, logDir: '/tmp/bench-fairness-logs' });
const campaignApi = apiCaller(base, org1.key);
const otpSenders = [
  { label: 'organization 2, number B', api: apiCaller(base, org2.key), from: undefined },
  { label: 'organization 1, number C', api: apiCaller(base, org1.key), from: 'support' },
];
let otpPhone = 0;
const otpPhones = benchPhones(2 * 2 * OTP_SECONDS + 10, 3_000_000);

/** Each sender sends one OTP a second for OTP_SECONDS; returns each sender's message ids. */
async function sendOtps(): Promise<string[][]> {
  const ids: string[][] = otpSenders.map(() => []);
  for (let second = 0; second < OTP_SECONDS; second++) {
    const tick = Date.now();
    await Promise.all(
      otpSenders.map(async (sender, i) => {
        const to = otpPhones[otpPhone++] as string;
        const template = { name: 'login_code', parameters: { '1': String(100_000 + second) } };
        const message = await sender.api('POST', '/messages', { to, type: 'template', template, ...(sender.from ? { from: sender.from } : {}) });
        ids[i]!.push(message.id);
      }),
    );
    await new Promise((r) => setTimeout(r, Math.max(0, tick + 1_000 - Date.now())));
  }
  return ids;
}

/** Accept (the row's creation) to `sent`, in ms, sorted; waits up to 30 s for the last ones. */
async function acceptToSent(ids: string[]): Promise<{ sorted: number[]; unsent: number }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await db.message.findMany({ where: { id: { in: ids } }, select: { createdAt: true, sentAt: true } });
    const sent = rows.filter((row) => row.sentAt !== null);
    if (sent.length === ids.length || Date.now() > deadline) {
      return {
        sorted: sent.map((row) => row.sentAt!.getTime() - row.createdAt.getTime()).sort((a, b) => a - b),
        unsent: ids.length - sent.length,
      };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function reportOtps(title: string, ids: string[][]): Promise<void> {
  console.log(title);
  for (const [i, sender] of otpSenders.entries()) {
    const { sorted, unsent } = await acceptToSent(ids[i]!);
    console.log(
      `  ${sender.label.padEnd(26)} accept to sent p50 ${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1) ?? 0} ms` +
        ` (${sorted.length} sent${unsent ? `, ${unsent} not sent in time` : ''})`,
    );
  }
}

try {
  await waitForHealthy(base);
  await unlimitedNumber(simulatorUrl, numberA.phoneId);

  console.log(`\n1. No campaign running: ${OTP_SECONDS} s of one OTP a second from each sender`);
  await reportOtps('without a campaign', await sendOtps());

  console.log(`\n2. Adding ${RECIPIENTS} recipients to organization 1's campaign on number A`);
  const campaign = await campaignApi('POST', '/campaigns', { name: 'Bench', template: 'promo_offer' });
  const phones = benchPhones(RECIPIENTS);
  for (let i = 0; i < phones.length; i += 1_000) {
    const recipients = phones.slice(i, i + 1_000).map((to, j) => ({ to, parameters: { '1': `Guest ${j}`, '2': '20%' } }));
    await campaignApi('POST', `/campaigns/${campaign.id}/recipients`, { recipients });
  }

  console.log(`\n3. The campaign at ${RATE}/s, and the same ${OTP_SECONDS} s of OTPs beside it`);
  const started = Date.now();
  await campaignApi('POST', `/campaigns/${campaign.id}/start`, { send_mode: 'spread' });
  // The OTPs start once the campaign is under way, so they meet it at full speed.
  await new Promise((r) => setTimeout(r, 3_000));
  const windowStart = new Date();
  const otpIds = await sendOtps();
  const windowEnd = new Date();
  const inWindow = await db.message.count({
    where: { campaignRecipient: { campaignId: campaign.id }, sentAt: { gte: windowStart, lt: windowEnd } },
  });
  await reportOtps('beside the campaign', otpIds);
  const windowRate = inWindow / ((windowEnd.getTime() - windowStart.getTime()) / 1000);
  console.log(
    `  campaign sent ${windowRate.toFixed(0)}/s during the window: ${((100 * windowRate) / RATE).toFixed(1)} % of ${RATE}/s (target >= 95 %)`,
  );

  for (;;) {
    const state = await campaignApi('GET', `/campaigns/${campaign.id}`);
    if (state.status !== 'processing') {
      const seconds = (Date.now() - started) / 1000;
      console.log(
        `  campaign ${state.status} in ${seconds.toFixed(1)} s: ${state.recipients.sent} sent, ${(state.recipients.sent / seconds).toFixed(0)}/s overall`,
      );
      break;
    }
    if (Date.now() - started > 900_000) throw new Error('the campaign did not complete in 15 minutes');
    await new Promise((r) => setTimeout(r, 1_000));
  }
} finally {
  await stack.stop();
  await db.$disconnect();
}
