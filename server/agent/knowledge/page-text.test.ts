import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withinCpu } from '@/tests/support/cpu-time';
import { pageText, PageTooSlow } from './page-text';
import { splitPassages } from './split-passages';

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

const MIB = 1024 * 1024;
/** A knowledge page of the largest size read (5 MiB) made of one construct repeated. */
const page = (unit: string, prefix = '') => prefix + unit.repeat(Math.floor((5 * MIB - prefix.length) / unit.length));

test('the largest pages of unclosed or repeated markup are read and split, or refused, in about a second', () => {
  const hostile = ['<!--', '<', '<a ', '<a b="', '</', '<![CDATA[', '&#', '&', '<!doctype', '<p>a', '<h1>x', '<b>a</b> <i>b</i>\n'];
  for (const html of [...hostile.map((unit) => page(unit)), page('<', '<script>'), page('<', '<style>'), page('\n \t')]) {
    // A million paragraphs take a second or two to read and split (3 s on a slow day of the 2-core
    // machine); the old reader took hours on 5 MiB of `<!--`, which the box is there to catch.
    withinCpu(6_000, () => {
      try {
        splitPassages(pageText(html), true);
      } catch (error) {
        if (!(error instanceof PageTooSlow)) throw error;
      }
    });
  }
});

test('markup the parser reads slowly (elements nested a million deep) is refused at its budget', () => {
  for (const unit of ['<div>', '<svg>']) {
    withinCpu(2_000, () => assert.throws(() => pageText(page(unit)), PageTooSlow));
  }
});

test('an ordinary 5 MiB page is read whole', () => {
  const html = page(`<p>${'The parcel leaves our warehouse the same day. '.repeat(4)}<a href="/more">More</a></p>\n`, '<html><body>');
  const text = withinCpu(2_000, () => pageText(html));
  assert.equal(text.split('\n\n').length, Math.floor((5 * MIB - 12) / 216));
});
