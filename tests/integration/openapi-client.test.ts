import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { db } from '@/server/db';
import { seedDemo, type DemoData } from '@/server/seed/seed-demo';
import { createAgent, createAgentTenant, createCredential } from '../agent-factories';
import { openWindow } from '../support/messages-api';
import { appUrl, randomPhone } from '../support/stack';

const run = promisify(execFile);

/**
 * What a customer does with our OpenAPI documents: generates types from each live document
 * (openapi-typescript), writes calls against them with openapi-fetch, type-checks them with
 * `tsc` (strict) and runs them against the stack. The calls read chat completion choices, a
 * session message's run and reply, a run, and a sent message's nullable fields.
 */
const dir = path.resolve(import.meta.dirname, '../../var/openapi-client');

const calls = `
import createClient from 'openapi-fetch';
import type { paths as AgentPaths } from './agent-api';
import type { paths as MessagingPaths } from './messaging-api';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(name + ' is not set');
  return value;
};
const agent = createClient<AgentPaths, 'application/json'>({ baseUrl: env('APP_URL') + '/agent', headers: { authorization: 'Bearer ' + env('AGENT_KEY') } });
const messaging = createClient<MessagingPaths, 'application/json'>({ baseUrl: env('APP_URL'), headers: { authorization: 'Bearer ' + env('MESSAGING_KEY') } });

function answered<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(answer.response.status + ': ' + JSON.stringify(answer.error));
  return answer.data;
}

const completion = answered(await agent.POST('/v1/chat/completions', { body: { model: env('AGENT_SLUG'), messages: [{ role: 'user', content: 'Hi' }] } }));
const choice = completion.choices[0];
const completionText: string | null | undefined = choice?.message.content;
const calledTools: string[] = choice?.message.tool_calls?.map((call) => call.function.name) ?? [];
const finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | undefined = choice?.finish_reason;
const promptTokens: number = completion.usage.prompt_tokens;
// @ts-expect-error the document names every field, so a misspelt one does not type-check
void choice?.message.contents;

const session = answered(await agent.POST('/v1/sessions', { body: { agent: env('AGENT_SLUG') } }));
const result = answered(
  await agent.POST('/v1/sessions/{session}/messages', { params: { path: { session: session.id } }, body: { input: 'Hello', wait_ms: 20_000 } }),
);
if (!result.run) throw new Error('no run started');
const run = answered(await agent.GET('/v1/runs/{run}', { params: { path: { run: result.run.id } } }));
const runStatus: 'queued' | 'in_progress' | 'requires_action' | 'completed' | 'failed' | 'cancelled' = run.status;
const replyText: string | undefined = result.reply?.text;
const costMicros: number = run.usage.cost_micros;

const sent = answered(await messaging.POST('/v1/messages', { body: { to: env('PHONE'), type: 'text', text: { body: 'From a generated client.' } } }));
const message = answered(await messaging.GET('/v1/messages/{id}', { params: { path: { id: sent.id } } }));
const templateName: string | null = message.template_name;
const errorCode: string | null = message.error_code;

console.log(JSON.stringify({ completionText, calledTools, finishReason, promptTokens, runStatus, replyText, costMicros, templateName, errorCode }));
`;

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'dom'],
    module: 'esnext',
    moduleResolution: 'bundler',
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  },
  files: ['calls.ts'],
};

async function generateTypes(url: string, file: string): Promise<void> {
  const res = await fetch(url);
  assert.equal(res.status, 200, url);
  writeFileSync(path.join(dir, file), astToString(await openapiTS((await res.json()) as OpenAPI3)));
}

describe('a client generated from the OpenAPI documents', () => {
  let demo: DemoData;
  let env: Record<string, string>;

  before(async () => {
    demo = await seedDemo();
    const tenant = await createAgentTenant();
    await createCredential(tenant.project.id);
    const { slug } = await createAgent(tenant.project.id, { model: { id: 'sim/steady' } });
    const phone = randomPhone();
    await openWindow({ orgId: demo.orgs.acme.id, phoneId: demo.orgs.acme.accounts.main.phone_id }, phone);
    env = { APP_URL: appUrl, AGENT_KEY: tenant.key, AGENT_SLUG: slug, MESSAGING_KEY: demo.orgs.acme.keys.full, PHONE: phone };
    mkdirSync(dir, { recursive: true });
  });

  after(async () => {
    await db.$disconnect();
  });

  test('type-checks a chat completion, a session message, a run and a sent message, and runs them', async () => {
    await generateTypes(`${appUrl}/agent/v1/openapi.json`, 'agent-api.d.ts');
    await generateTypes(`${appUrl}/v1/openapi.json`, 'messaging-api.d.ts');
    writeFileSync(path.join(dir, 'calls.ts'), calls);
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));

    const tsc = await run('npx', ['tsc', '-p', path.join(dir, 'tsconfig.json')]).catch((error: { stdout: string }) => error);
    assert.equal(tsc.stdout, '', 'the calls type-check');

    const { stdout } = await run('node', ['--import', 'tsx', path.join(dir, 'calls.ts')], { env: { ...process.env, ...env } });
    const answers = JSON.parse(stdout) as Record<string, unknown>;
    assert.equal(typeof answers.completionText, 'string');
    assert.equal(answers.finishReason, 'stop');
    assert.equal(answers.runStatus, 'completed');
    assert.equal(typeof answers.replyText, 'string');
    assert.equal(answers.templateName, null);
    assert.equal(answers.errorCode, null);
  });
});
