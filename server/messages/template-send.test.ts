import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '@/server/errors/api-error';
import { demoWorld } from '@/server/seed/demo-world';
import { templateShapeFromPlatform } from '@/server/templates/from-platform';
import { buildTemplateSend, type TemplateForSend } from './template-send';

const demo = (name: string): TemplateForSend => {
  const platform = demoWorld.acme.templates.find((t) => t.name === name);
  assert.ok(platform);
  return { name, language: platform.language, ...templateShapeFromPlatform(platform) };
};

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  assert.fail('expected a refusal');
}

describe('template sends', () => {
  test('named body variables become named parameters and fill the text', () => {
    const { payload, content } = buildTemplateSend(demo('order_update'), { parameters: { order_id: 'A-7', customer_name: 'Wendy' } }, undefined);
    assert.deepEqual(payload, {
      name: 'order_update',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'customer_name', text: 'Wendy' },
            { type: 'text', parameter_name: 'order_id', text: 'A-7' },
          ],
        },
      ],
    });
    assert.equal(content, 'Hi Wendy, your order A-7 has been updated.');
  });

  test('a missing variable names what is missing and what the template expects', () => {
    const error = refusal(() => buildTemplateSend(demo('order_update'), { parameters: { customer_name: 'Wendy' } }, undefined));
    assert.equal(error.code, 'missing_template_parameter');
    assert.equal(error.param, 'parameters');
    assert.match(error.message, /body variable \{\{order_id\}\} is missing/);
    assert.match(error.message, /\{\{customer_name\}\}, \{\{order_id\}\}/);
  });

  test('an unknown variable is refused', () => {
    const error = refusal(() =>
      buildTemplateSend(demo('order_update'), { parameters: { customer_name: 'W', order_id: '1', extra: 'x' } }, undefined),
    );
    assert.equal(error.code, 'invalid_parameter');
    assert.equal(error.param, 'template.parameters.extra');
  });

  test('positional variables keep their order; quick-reply payloads go to their buttons', () => {
    const { payload } = buildTemplateSend(
      demo('promo_offer'),
      { parameters: { '2': '20%', '1': 'Sam' }, button_parameters: { '1': 'STOP_PROMOS' } },
      undefined,
    );
    assert.deepEqual(payload.components, [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Sam' },
          { type: 'text', text: '20%' },
        ],
      },
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'STOP_PROMOS' }] },
    ]);
  });

  test('authentication templates fill the copy-code button from parameter "1"', () => {
    const { payload, content } = buildTemplateSend(demo('login_code'), { parameters: { '1': '482913' } }, undefined);
    assert.deepEqual(payload.components, [
      { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
    ]);
    assert.equal(content, '482913 is your verification code.');
  });

  test('header variables are indexed apart from body variables', () => {
    const { payload, content } = buildTemplateSend(
      demo('header_text'),
      { parameters: { name: 'Ana' }, header_parameters: { title: 'News' } },
      undefined,
    );
    assert.deepEqual(payload.components?.[0], { type: 'header', parameters: [{ type: 'text', parameter_name: 'title', text: 'News' }] });
    assert.equal(content, 'News\nHello Ana, we have news for you.');
    const error = refusal(() => buildTemplateSend(demo('header_text'), { parameters: { name: 'Ana', title: 'News' } }, undefined));
    assert.equal(error.param, 'template.parameters.title');
    const missing = refusal(() => buildTemplateSend(demo('header_text'), { parameters: { name: 'Ana' } }, undefined));
    assert.deepEqual([missing.code, missing.param], ['missing_template_parameter', 'parameters']);
    assert.match(missing.message, /header variable \{\{title\}\} is missing\. .*`template\.header_parameters`/);
  });

  test('a media header needs header_media and carries it', () => {
    const error = refusal(() => buildTemplateSend(demo('shipping_photo'), { parameters: { order_id: '9' } }, undefined));
    assert.equal(error.code, 'missing_template_parameter');
    assert.equal(error.param, 'template.header_media');
    const { payload } = buildTemplateSend(demo('shipping_photo'), { parameters: { order_id: '9' } }, { id: 'media-1' });
    assert.deepEqual(payload.components?.[0], { type: 'header', parameters: [{ type: 'image', image: { id: 'media-1' } }] });
  });

  test('button parameters for buttons the template lacks are refused', () => {
    const error = refusal(() =>
      buildTemplateSend(demo('order_update'), { parameters: { customer_name: 'a', order_id: 'b' }, button_parameters: { '0': 'x' } }, undefined),
    );
    assert.equal(error.param, 'template.button_parameters.0');
  });
});
