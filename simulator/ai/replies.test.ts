import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RunningAiSimulator } from './server';
import { allDrivers, freshKey, startForTest, type Answer, type Ask, type Driver } from './test-support';

/** What the simulated model answers, checked through the official SDKs on all three wire formats, streamed and whole. */

let sim: RunningAiSimulator;
before(async () => (sim = await startForTest()));
after(() => sim.close());

const ACME = 'You are Acme support. SIM-SCENARIO: acme';
const tokens = (chars: number) => Math.ceil(chars / 4);

const modes = ['stream', 'complete'] as const;
function eachDriver(name: string, check: (ask: (a: Ask) => Promise<Answer>, driver: Driver, mode: (typeof modes)[number]) => Promise<void>) {
  for (const api of ['openai_chat', 'openai_responses', 'anthropic_messages'] as const) {
    for (const mode of modes) {
      test(`${name} (${api}, ${mode})`, async () => {
        const driver = allDrivers(sim.url, freshKey()).find((d) => d.api === api)!;
        await check((a) => driver[mode](a), driver, mode);
      });
    }
  }
}

describe('text replies', () => {
  eachDriver('summarises the input word by word, with usage at four characters a token', async (ask, _driver, mode) => {
    const answer = await ask({ text: 'Hello   there,\nfriend', system: 'Be brief.' });
    assert.equal(answer.text, 'You said: Hello there, friend');
    if (mode === 'stream') assert.deepEqual(answer.deltas, ['You', ' said:', ' Hello', ' there,', ' friend']);
    assert.deepEqual(answer.usage, { input: tokens('Hello   there,\nfriend'.length + 'Be brief.'.length), output: tokens(answer.text.length) });
  });

  eachDriver('answers Arabic in Arabic', async (ask) => {
    const answer = await ask({ text: 'كيف حالك اليوم' });
    assert.equal(answer.text, 'قلت: كيف حالك اليوم');
  });

  eachDriver('[[sim:tokens=N]] gives exactly N words', async (ask) => {
    const answer = await ask({ text: 'benchmark [[sim:tokens=25]] please' });
    assert.equal(answer.text, Array.from({ length: 25 }, (_, i) => `w${i + 1}`).join(' '));
  });

  eachDriver('stops at the client token cap', async (ask, driver) => {
    const answer = await ask({ text: '[[sim:tokens=10]]', maxTokens: 4 });
    assert.equal(answer.text, 'w1 w2 w3 w4');
    assert.equal(answer.stop, { openai_chat: 'length', openai_responses: 'incomplete', anthropic_messages: 'max_tokens' }[driver.api]);
  });

  eachDriver('[[sim:refusal]] refuses', async (ask, driver) => {
    const answer = await ask({ text: 'do something bad [[sim:refusal]]' });
    assert.equal(answer.text, '');
    if (driver.api === 'anthropic_messages') assert.equal(answer.stop, 'refusal');
    else assert.match(answer.refusal, /can't help/);
  });
});

describe('the acme scenario', () => {
  eachDriver('greets in English and Arabic', async (ask) => {
    assert.equal((await ask({ text: 'Hello!', system: ACME })).text, 'Hello! Welcome to Acme. How can I help you today?');
    assert.equal((await ask({ text: 'مرحبا', system: ACME })).text, 'أهلًا بك في أكمي! كيف يمكنني مساعدتك اليوم؟');
  });

  eachDriver('answers opening hours and returns', async (ask) => {
    assert.match((await ask({ text: 'What are your opening hours?', system: ACME })).text, /Sunday to Thursday/);
    assert.match((await ask({ text: 'ما هي ساعات العمل؟', system: ACME })).text, /من الأحد إلى الخميس/);
    assert.match((await ask({ text: 'How do returns work?', system: ACME })).text, /within 30 days/);
    assert.match((await ask({ text: 'أريد إرجاع منتج', system: ACME })).text, /خلال 30 يومًا/);
  });

  eachDriver('calls order_status for order 1234 when offered, else replies', async (ask, driver) => {
    const idPrefix = driver.api === 'anthropic_messages' ? /^toolu_/ : /^call_/;
    for (const text of ['Where is order 1234?', 'أين طلبي 1234؟']) {
      const called = await ask({ text, system: ACME, tools: ['order_status'] });
      assert.equal(called.calls.length, 1);
      assert.equal(called.calls[0]!.name, 'order_status');
      assert.deepEqual(JSON.parse(called.calls[0]!.arguments), { order_id: '1234' });
      assert.match(called.calls[0]!.id, idPrefix);
      assert.equal(called.stop, { openai_chat: 'tool_calls', openai_responses: 'completed', anthropic_messages: 'tool_use' }[driver.api]);
    }
    assert.match((await ask({ text: 'Where is order 1234?', system: ACME })).text, /on its way/);
    assert.match((await ask({ text: 'أين طلبي 1234', system: ACME })).text, /في الطريق/);
  });

  eachDriver('without the marker, summarises', async (ask) => {
    assert.equal((await ask({ text: 'Hello!' })).text, 'You said: Hello!');
  });
});

describe('tool calls', () => {
  eachDriver('#call lines make one parallel round (seven lines, seven calls)', async (ask) => {
    const lines = Array.from({ length: 7 }, (_, i) => `#call lookup_${i} {"n":${i},"note":"a longer argument to stream in pieces"}`);
    const answer = await ask({ text: `Please:\n${lines.join('\n')}`, tools: ['lookup_0'] });
    assert.deepEqual(
      answer.calls.map((c) => c.name),
      lines.map((_, i) => `lookup_${i}`),
    );
    assert.deepEqual(
      answer.calls.map((c) => JSON.parse(c.arguments)),
      lines.map((_, i) => ({ n: i, note: 'a longer argument to stream in pieces' })),
    );
    assert.equal(new Set(answer.calls.map((c) => c.id)).size, 7);
  });

  eachDriver('asks for handoff when a person is wanted and handoff is offered', async (ask) => {
    for (const text of ['I want to talk to a human please', 'أريد التحدث مع موظف']) {
      const answer = await ask({ text, tools: ['order_status', 'handoff'] });
      assert.equal(answer.calls.length, 1);
      assert.equal(answer.calls[0]!.name, 'handoff');
      assert.deepEqual(JSON.parse(answer.calls[0]!.arguments), { reason: 'customer_requested', summary: text });
    }
    assert.equal((await ask({ text: 'I want a human' })).calls.length, 0, 'no handoff tool, no call');
  });
});
