import assert from 'node:assert/strict';
import { test } from 'node:test';
import { prune, searchRequest } from '../src/search-request.js';

const empty = {
  query: 'Where does Maya work?',
  mode: 'auto',
  topK: '',
  session: '',
  sessions: '',
  from: '',
  to: '',
  producers: '',
  before: '',
  after: '',
  neighbours: '',
  minRelevance: '',
  maxTokens: '',
  rerankers: ['rrf', 'bm25', 'time'],
  profile: false,
};

test('a form with nothing else filled in sends only the user, the query, the mode and the rerankers', () => {
  assert.deepEqual(searchRequest('maya', empty), {
    user_id: 'maya',
    query: 'Where does Maya work?',
    mode: 'auto',
    rerankers: ['rrf', 'bm25', 'time'],
  });
});

test('numbers go as numbers, lists are split on commas, and the profile is asked for with the rest', () => {
  const request = searchRequest('maya', {
    ...empty,
    topK: '3',
    minRelevance: '0.25',
    sessions: ' kitchen/1, work/2 ,',
    producers: 'Maya',
    before: '0',
    neighbours: 'all',
    profile: true,
  });
  assert.equal(request.top_k, 3);
  assert.equal(request.min_relevance, 0.25);
  assert.deepEqual(request.filter, { session_ids: ['kitchen/1', 'work/2'], producers: ['Maya'] });
  assert.deepEqual(request.expand_context, { before: 0, neighbours: 'all' });
  assert.deepEqual(request.include, ['episodic', 'short_term', 'profile']);
});

test('what is not a number is still sent, for the API to name the field', () => {
  const body = JSON.parse(JSON.stringify(searchRequest('maya', { ...empty, topK: 'ten' })));
  assert.ok('top_k' in body);
  assert.equal(body.top_k, null);
});

test('pruning drops undefined members and empty objects, and keeps zeros, false and empty lists', () => {
  assert.deepEqual(prune({ a: undefined, b: {}, c: 0, d: false, e: [] }), { c: 0, d: false, e: [] });
  assert.equal(prune({ a: undefined }), undefined);
});
