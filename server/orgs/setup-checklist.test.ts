import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checklistOf, setupSteps, type SetupSignals } from './setup-checklist';

const none: SetupSignals = { connect: false, templates: false, team: false, agent: false, widget: false, apiKey: false };
const all: SetupSignals = { connect: true, templates: true, team: true, agent: true, widget: true, apiKey: true };

test('a new organization is at 0 of 6, open, with the first step next', () => {
  const list = checklistOf(none, null);
  assert.deepEqual([list.done, list.total, list.next, list.open, list.dismissed], [0, 6, 'connect', true, false]);
  assert.deepEqual(
    list.steps.map((step) => step.id),
    setupSteps.map((step) => step.id),
  );
});

test('the first step left, in the checklist’s order, is put forward', () => {
  const list = checklistOf({ ...none, connect: true, apiKey: true, team: true }, null);
  assert.deepEqual([list.done, list.next], [3, 'templates']);
  assert.deepEqual(
    list.steps.filter((step) => step.done).map((step) => step.id),
    ['connect', 'team', 'apiKey'],
  );
});

test('the checklist closes once every step is done, or once dismissed', () => {
  const complete = checklistOf(all, null);
  assert.deepEqual([complete.done, complete.next, complete.open, complete.dismissed], [6, null, false, false]);
  const dismissed = checklistOf(none, new Date());
  assert.deepEqual([dismissed.done, dismissed.open, dismissed.dismissed], [0, false, true]);
});
