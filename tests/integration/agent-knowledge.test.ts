import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { db } from '@/server/db';
import { searchKnowledge } from '@/server/agent/knowledge/search-knowledge';
import { createAgentTenant } from '../agent-factories';
import { agent, assertAgentError, assertRefusedInBoth } from '../support/agent-api';
import { waitFor } from '../support/wait-for';

const faq = `Our shop sells books and stationery.

Returns are accepted within 30 days of delivery. Refunds reach your card in 5 business days.

Shipping inside the city takes one day; other cities take three days.`;

const arabicFaq = `# سياسة الإرجاع

يمكنك إرجاع المُنتَج خلال ثلاثين يومًا من الاستلام.

# الشحن

يصل الطلب داخل المدينة خلال يوم واحد.`;

describe('/agent/v1/knowledge_sources and search_knowledge', () => {
  let key: string;
  let projectId: string;
  let otherKey: string;

  before(async () => {
    const tenant = await createAgentTenant();
    key = tenant.key;
    projectId = tenant.project.id;
    otherKey = (await createAgentTenant()).key;
  });

  const unique = () => Math.random().toString(36).slice(2, 8);
  const add = (body: unknown, as = key, language: 'en' | 'ar' = 'en') => agent('/v1/knowledge_sources', { key: as, body, language });
  const settled = (id: string) =>
    waitFor(
      `knowledge source ${id} to be indexed`,
      async () => {
        const got = await agent(`/v1/knowledge_sources/${id}`, { key });
        return got.body.status === 'indexing' ? null : got.body;
      },
      20_000,
    );

  test('text and markdown are indexed by the worker and found by their words, in English and Arabic', async () => {
    const english = await add({ name: `FAQ ${unique()}`, type: 'text', content: faq });
    assert.equal(english.status, 202, JSON.stringify(english.body));
    assert.match(english.body.id, /^ks_/);
    assert.equal(english.body.status, 'indexing');
    const arabic = await add({ name: `الأسئلة ${unique()}`, type: 'markdown', content: arabicFaq });
    assert.equal(arabic.status, 202);

    const ready = await settled(english.body.id);
    assert.equal(ready.status, 'ready');
    assert.equal(ready.characters, faq.length);
    assert.ok(ready.indexed_at);
    assert.equal((await settled(arabic.body.id)).status, 'ready');
    assert.equal(await db.knowledgeChunk.count({ where: { sourceId: arabic.body.id } }), 2, 'one passage per heading');

    const sources = [english.body.id, arabic.body.id];
    const [refunds] = await searchKnowledge(projectId, sources, 'How many days until my refund?');
    assert.match(refunds!.text, /Refunds reach your card/);
    const [shipping] = await searchKnowledge(projectId, sources, 'shipping to other cities');
    assert.match(shipping!.text, /other cities take three days/);
    // Written without hamza or with other spellings, the Arabic question still finds its passage.
    const [returns] = await searchKnowledge(projectId, sources, 'ما هي سياسة الارجاع؟');
    assert.equal(returns!.heading, 'سياسة الإرجاع');
    assert.equal(returns!.source_id, arabic.body.id);
    assert.deepEqual(await searchKnowledge(projectId, sources, 'quantum chromodynamics'), []);
    // Only the sources asked for, and only the project's own.
    assert.deepEqual(await searchKnowledge(projectId, [arabic.body.id], 'refund card'), []);
    const otherProject = (await db.agentProject.findFirstOrThrow({ where: { id: { not: projectId } }, select: { id: true } })).id;
    assert.deepEqual(await searchKnowledge(otherProject, sources, 'refund'), []);
  });

  test('a URL must be https on 443 or 8443 and public; one that cannot be read ends failed, saying why', async () => {
    for (const url of [
      'http://example.com/faq',
      'https://example.com:8080/faq',
      'https://10.0.0.5/faq',
      'https://localhost/faq',
      'ftp://example.com/x',
    ]) {
      await assertRefusedInBoth((language) => add({ name: `Page ${unique()}`, type: 'url', url }, key, language), 'url_not_allowed', '/url');
    }
    // The demo shop (HTTPS, development CA): its FAQ page is read, reduced to text and found.
    const shop = process.env.SHOP_URL!;
    const page = await add({ name: `Shop FAQ ${unique()}`, type: 'url', url: `${shop}/faq` });
    assert.equal(page.status, 202, JSON.stringify(page.body));
    const read = await settled(page.body.id);
    assert.equal(read.status, 'ready', read.error);
    const [shipping] = await searchKnowledge(projectId, [page.body.id], 'How long does shipping to other cities take?');
    assert.equal(shipping!.heading, 'Shipping');
    assert.doesNotMatch(shipping!.text, /<|font:/, 'tags and styles are gone');
    const markdown = await add({ name: `Shop MD ${unique()}`, type: 'url', url: `${shop}/faq.md` });
    assert.equal((await settled(markdown.body.id)).status, 'ready');
    const moved = await settled((await add({ name: `Moved ${unique()}`, type: 'url', url: `${shop}/moved` })).body.id);
    assert.equal(moved.status, 'failed');
    assert.match(moved.error, /HTTP 302 \(redirects are not followed\)/);
    const json = await settled((await add({ name: `JSON ${unique()}`, type: 'url', url: `${shop}/orders/1234` })).body.id);
    assert.match(json.error, /application\/json/);

    // The test stack allows 127.0.0.77, where nothing listens on 443.
    const unreachable = await add({ name: `Page ${unique()}`, type: 'url', url: 'https://127.0.0.77/faq?lang=en' });
    assert.equal(unreachable.status, 202, JSON.stringify(unreachable.body));
    const failed = await settled(unreachable.body.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /could not be reached/);
  });

  test('names are unique, bodies up to 5 MiB, and agents may name only existing sources', async () => {
    const name = `Unique ${unique()}`;
    const first = await add({ name, type: 'text', content: 'Opening hours: 9 to 5.' });
    await assertRefusedInBoth((language) => add({ name, type: 'text', content: 'again' }, key, language), 'name_taken', '/name');
    assertAgentError(await add({ name: `Empty ${unique()}`, type: 'text', content: '' }), 'validation_failed', '/content');
    assertAgentError(await add({ name: `Both ${unique()}`, type: 'text', content: 'x', url: 'https://example.com' }), 'unknown_field', '/url');

    const large = await add({ name: `Large ${unique()}`, type: 'text', content: 'word '.repeat(400_000) });
    assert.equal(large.status, 202, 'a 2 MiB source is within its 5 MiB limit');
    assertAgentError(await add({ name: `Huge ${unique()}`, type: 'text', content: 'x'.repeat(5 * 1024 * 1024) }), 'request_too_large');

    const model = { id: 'openai/gpt-4.1-mini' };
    const withSource = await agent('/v1/agents', { key, body: { name: `K ${unique()}`, config: { model, knowledge_sources: [first.body.id] } } });
    assert.equal(withSource.status, 201, JSON.stringify(withSource.body));
    const theirs = await add({ name: `Theirs ${unique()}`, type: 'text', content: 'not yours' }, otherKey);
    assertAgentError(
      await agent('/v1/agents', { key, body: { name: `K ${unique()}`, config: { model, knowledge_sources: [first.body.id, theirs.body.id] } } }),
      'reference_not_found',
      '/config/knowledge_sources/1',
    );

    assertAgentError(await agent(`/v1/knowledge_sources/${first.body.id}`, { key: otherKey }), 'resource_not_found');
    assertAgentError(await agent(`/v1/knowledge_sources/${first.body.id}`, { key: otherKey, method: 'DELETE' }), 'resource_not_found');
    await settled(first.body.id);
    const deleted = await agent(`/v1/knowledge_sources/${first.body.id}`, { key, method: 'DELETE' });
    assert.deepEqual(deleted.body, { id: first.body.id, object: 'knowledge_source', deleted: true });
    assert.equal(await db.knowledgeChunk.count({ where: { sourceId: first.body.id } }), 0);
    assertAgentError(
      await agent('/v1/agents', { key, body: { name: `K ${unique()}`, config: { model, knowledge_sources: [first.body.id] } } }),
      'reference_not_found',
      '/config/knowledge_sources/0',
    );
  });
});
