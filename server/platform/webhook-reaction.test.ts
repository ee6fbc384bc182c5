import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePlatformWebhook } from './webhook-payload';

/** The platform's documented reaction webhook (messages/reaction), with and without its emoji. */
function reactionWebhook(reaction: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
              messages: [
                {
                  from: '16505551234',
                  id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
                  timestamp: '1749854575',
                  type: 'reaction',
                  reaction,
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

function itemsOf(input: unknown) {
  const result = parsePlatformWebhook(input);
  assert.ok(result.success, result.success ? '' : result.error);
  return result.items;
}

const target = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA';

test('a reaction becomes a reaction item naming its target and emoji, not a message', () => {
  assert.deepEqual(itemsOf(reactionWebhook({ message_id: target, emoji: '👍' })), [
    {
      kind: 'reaction',
      wabaId: '102290129340398',
      phoneId: '106540352242922',
      from: '+16505551234',
      wamid: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
      timestamp: new Date(1749854575 * 1000),
      targetWamid: target,
      emoji: '👍',
    },
  ]);
});

test('a removal with the emoji omitted (as documented) has a null emoji', () => {
  const [item] = itemsOf(reactionWebhook({ message_id: target }));
  assert.equal(item?.kind, 'reaction');
  assert.equal(item.kind === 'reaction' && item.emoji, null);
});

test('a removal with an empty emoji (as older senders do) has a null emoji too', () => {
  const [item] = itemsOf(reactionWebhook({ message_id: target, emoji: '' }));
  assert.equal(item?.kind === 'reaction' && item.emoji, null);
  assert.equal(item?.kind === 'reaction' && item.targetWamid, target);
});
