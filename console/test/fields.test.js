import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fieldAndParents } from '../src/fields.js';

test('an error of a list item or a nested field is shown at the nearest input that holds it', () => {
  assert.deepEqual(fieldAndParents('filter.session_ids[1]'), ['filter.session_ids[1]', 'filter.session_ids', 'filter']);
  assert.deepEqual(fieldAndParents('expand_context.before'), ['expand_context.before', 'expand_context']);
  assert.deepEqual(fieldAndParents('top_k'), ['top_k']);
});
