import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FSI, isolateText, PDI, stripBidiControls } from './bidi-text';

test('every embedding, override and isolate control is removed, and nothing else', () => {
  const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  for (const control of controls) assert.equal(stripBidiControls(`a${control}b`), 'ab', control.codePointAt(0)?.toString(16));
  assert.equal(stripBidiControls('\u202Eevil'), 'evil');
  // Marks (LRM, RLM, ALM) only give neutral characters a direction; they cannot reorder a name.
  assert.equal(stripBidiControls('Acme\u200F Inc.'), 'Acme\u200F Inc.');
  assert.equal(stripBidiControls('سارة 😀 Sara'), 'سارة 😀 Sara');
});

test('isolated text sits between FSI and PDI, its own controls gone', () => {
  assert.equal(isolateText('Acme Inc.'), `${FSI}Acme Inc.${PDI}`);
  assert.equal(isolateText('\u202Eevil\u2069'), `${FSI}evil${PDI}`);
  assert.equal(isolateText(''), `${FSI}${PDI}`);
});
