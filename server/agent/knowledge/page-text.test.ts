import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageText } from './page-text';

test("a page's text: scripts, styles and head dropped, blocks as paragraphs, headings as markdown, entities decoded", () => {
  const html = `<!doctype html><html><head><title>Shop</title><style>p{color:red}</style></head>
    <body><nav>Home</nav><script>alert("x")</script>
    <h2>Returns &amp; refunds</h2><p>Within&nbsp;30 days.<br>Keep the receipt &#8212; or the e-mail &#x2709;.</p>
    <!-- hidden --><ul><li>Books</li><li>Pens</li></ul><p dir="rtl">الإرجاع خلال <b>ثلاثين</b> يومًا</p></body></html>`;
  assert.equal(
    pageText(html),
    'Home\n\n## Returns & refunds\n\nWithin 30 days.\n\nKeep the receipt — or the e-mail ✉.\n\nBooks\n\nPens\n\nالإرجاع خلال ثلاثين يومًا',
  );
});
