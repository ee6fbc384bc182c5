import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The demo shop API of docs/agent-api.md §4, over HTTPS: what an organization's own systems look like
 * to the agent's HTTP tools and knowledge sources. `/orders/{id}` answers JSON; `/orders/9999` a
 * 500, `/orders/big` 2 MiB, `/orders/html` a web page; `/faq` the shop's FAQ page, `/faq.md` the
 * same as markdown, `/moved` (and anything under it) a redirect to it; `/echo/…` answers
 * `{path}`, the request's path and query as sent. `/hooks/{name}` is the shop's webhook receiver, for
 * tests: a POST is recorded (method, headers, body) and answered 200, or `?status=` (always) or
 * `?fail=n` (the first n requests to that name answer `status`, by default 500); a GET returns
 * `{requests: [...]}`, oldest first.
 */
const statuses = ['processing', 'shipped', 'out for delivery', 'delivered'];

export const shopFaqHtml = `<!doctype html><html lang="en"><head><title>Acme FAQ</title><style>body{font:16px sans-serif}</style></head><body>
<h1>Frequently asked questions</h1>
<h2>Returns</h2><p>Returns are accepted within 30 days of delivery, in the original packaging.</p>
<h2>Shipping</h2><p>Orders inside the city arrive the next day; other cities take three days.</p>
<h2>الإرجاع</h2><p>يمكن إرجاع الطلب خلال ثلاثين يومًا من الاستلام.</p>
</body></html>`;

const faqMarkdown = '# Returns\n\nReturns are accepted within 30 days of delivery.\n\n# Shipping\n\nOrders inside the city arrive the next day.';

const DAY_MS = 86_400_000;

/** An order, the same for an id every time but for its date: an order on its way is due in the days ahead, a delivered one was delivered lately. */
function order(id: string) {
  const n = [...id].reduce((sum, c) => sum + c.charCodeAt(0), 0);
  const status = statuses[n % statuses.length];
  const days = (1 + (n % 5)) * (status === 'delivered' ? -1 : 1);
  return {
    id,
    status,
    eta: new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10),
    items: [{ sku: `SKU-${n % 100}`, name: 'Notebook', quantity: 1 + (n % 3) }],
    customer: { city: 'Dubai' },
  };
}

interface ReceivedHook {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
  received_at: string;
}

const hooksPerName = 100;
const maxHookBytes = 1024 * 1024;

/** The requests each `/hooks/{name}` received, and how many of its `fail=n` failures it has used. */
const receivedHooks = new Map<string, { requests: ReceivedHook[]; failed: number }>();

function receiveHook(req: IncomingMessage, url: URL, name: string, send: (status: number, type: string, body: string) => void): void {
  const log = receivedHooks.get(name) ?? { requests: [], failed: 0 };
  receivedHooks.set(name, log);
  if (req.method === 'GET') return send(200, 'application/json', JSON.stringify({ requests: log.requests }));
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size <= maxHookBytes) chunks.push(chunk);
  });
  req.on('end', () => {
    log.requests.push({
      method: req.method ?? 'POST',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      received_at: new Date().toISOString(),
    });
    if (log.requests.length > hooksPerName) log.requests.shift();
    const status = Number(url.searchParams.get('status') ?? 500);
    const fail = Number(url.searchParams.get('fail') ?? 0);
    if (url.searchParams.has('status') && !url.searchParams.has('fail'))
      return send(status, 'application/json', JSON.stringify({ received: true }));
    if (log.failed < fail) {
      log.failed += 1;
      return send(status, 'application/json', JSON.stringify({ error: 'failing on purpose' }));
    }
    send(200, 'application/json', JSON.stringify({ received: true }));
  });
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'https://shop');
  const path = url.pathname;
  const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };
  const hook = /^\/hooks\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (hook) return receiveHook(req, url, hook[1]!, send);
  if (path === '/faq') return send(200, 'text/html; charset=utf-8', shopFaqHtml);
  if (path === '/faq.md') return send(200, 'text/markdown; charset=utf-8', faqMarkdown);
  if (path === '/moved' || path.startsWith('/moved/')) return send(302, 'text/plain', 'moved', { location: '/faq' });
  if (path.startsWith('/echo/')) return send(200, 'application/json', JSON.stringify({ path: req.url }));
  const match = /^\/orders\/([^/]+)$/.exec(path);
  if (!match) return send(404, 'application/json', JSON.stringify({ error: 'not_found' }));
  const id = decodeURIComponent(match[1]!);
  if (id === '9999') return send(500, 'application/json', JSON.stringify({ error: 'internal' }));
  if (id === 'big') return send(200, 'application/json', JSON.stringify({ id, padding: 'x'.repeat(2 * 1024 * 1024) }));
  if (id === 'html') return send(200, 'text/html', '<html><body><h1>Order page</h1></body></html>');
  return send(200, 'application/json', JSON.stringify(order(id)));
}

export function startShopSimulator({ host, port, cert, key }: { host: string; port: number; cert: string; key: string }): Promise<Server> {
  const server = createServer({ cert, key }, answer);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
