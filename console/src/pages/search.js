// The search playground: every option of POST /v1/memories/search, and what came back — clusters with their
// nucleus, the context exactly as an LLM gets it, and where the time went.

import { api } from '../api.js';
import { stageTimings } from '../charts.js';
import { h, show } from '../dom.js';
import { episodeItem } from '../episodes.js';
import { userPath } from '../paths.js';
import { searchRequest } from '../search-request.js';
import { may } from '../session.js';
import { clearProblem, field, showProblem } from '../ui.js';

const MODES = ['auto', 'direct', 'split', 'chain', 'graph', 'segtree', 'reconstruct'];
const RERANKERS = ['rrf', 'bm25', 'time', 'embedding', 'cross-encoder'];

export async function renderSearch(main, userId) {
  if (!may('read')) {
    show(main, h('h1', {}, 'Search'), h('p', {}, 'This key may not search (it has no "read" scope).'));
    return;
  }
  const inputs = {
    query: h('textarea', { rows: 2, required: true }),
    mode: h(
      'select',
      {},
      MODES.map((mode) => h('option', { value: mode }, mode)),
    ),
    top_k: h('input', { type: 'number', value: 10 }),
    session: h('input', { type: 'text', placeholder: 'conv-26/session_1' }),
    sessions: h('input', { type: 'text', placeholder: 'comma-separated' }),
    from: h('input', { type: 'text', placeholder: '2023-05-01T00:00:00Z' }),
    to: h('input', { type: 'text', placeholder: '2023-06-01T00:00:00Z' }),
    producers: h('input', { type: 'text', placeholder: 'comma-separated' }),
    before: h('input', { type: 'number', placeholder: '1' }),
    after: h('input', { type: 'number', placeholder: '2' }),
    neighbours: h(
      'select',
      {},
      ['', 'matching', 'all'].map((value) => h('option', { value }, value || '(service decides)')),
    ),
    minRelevance: h('input', { type: 'number', step: '0.05', placeholder: '0' }),
    maxTokens: h('input', { type: 'number', placeholder: '2000' }),
    profile: h('input', { type: 'checkbox' }),
  };
  const rerankers = RERANKERS.map((name) =>
    h('input', { type: 'checkbox', value: name, checked: ['rrf', 'bm25', 'time'].includes(name) }),
  );
  const results = h('div', { class: 'results', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'search-form', 'aria-labelledby': 'search-title' },
    field('Query', 'query', inputs.query),
    h(
      'div',
      { class: 'row' },
      field('Mode', 'mode', inputs.mode),
      field('Clusters (top_k)', 'top_k', inputs.top_k),
      field('Minimum relevance', 'min_relevance', inputs.minRelevance),
      field('Context budget (tokens)', 'max_context_tokens', inputs.maxTokens),
    ),
    h(
      'details',
      {},
      h('summary', {}, 'Filters, neighbours and rerankers'),
      h(
        'div',
        { class: 'row' },
        field('Session (and its short-term memory)', 'session_id', inputs.session),
        field('Only sessions', 'filter.session_ids', inputs.sessions),
        field('Speakers', 'filter.producers', inputs.producers),
      ),
      h('div', { class: 'row' }, field('From', 'filter.from', inputs.from), field('To', 'filter.to', inputs.to)),
      h(
        'div',
        { class: 'row' },
        field('Neighbours before', 'expand_context.before', inputs.before),
        field('Neighbours after', 'expand_context.after', inputs.after),
        field('Which neighbours', 'expand_context.neighbours', inputs.neighbours),
      ),
      h(
        'fieldset',
        { class: 'rerankers' },
        h('legend', {}, 'Rerankers'),
        rerankers.map((box) => h('label', {}, box, ` ${box.value}`)),
        h('div', { class: 'field-error', dataset: { errorFor: 'rerankers' }, 'aria-live': 'polite' }),
      ),
      h('label', {}, inputs.profile, ' Include the profile'),
    ),
    h('div', { class: 'form-problem', role: 'alert' }),
    h('div', { class: 'buttons' }, h('button', { type: 'submit' }, 'Search')),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearProblem(form);
    const request = searchRequest(userId, {
      query: inputs.query.value,
      mode: inputs.mode.value,
      topK: inputs.top_k.value,
      session: inputs.session.value,
      sessions: inputs.sessions.value,
      from: inputs.from.value,
      to: inputs.to.value,
      producers: inputs.producers.value,
      before: inputs.before.value,
      after: inputs.after.value,
      neighbours: inputs.neighbours.value,
      minRelevance: inputs.minRelevance.value,
      maxTokens: inputs.maxTokens.value,
      rerankers: rerankers.filter((box) => box.checked).map((box) => box.value),
      profile: inputs.profile.checked,
    });
    show(results, h('p', {}, 'Searching…'));
    try {
      const answer = (await api.search(request)).body;
      renderAnswer(results, answer);
    } catch (error) {
      results.replaceChildren();
      showProblem(form, error);
    }
  });
  show(
    main,
    h('h1', { id: 'search-title' }, `Search ${userId}'s memory`),
    h(
      'p',
      {},
      'The request is sent as it is to POST /v1/memories/search; ',
      h('a', { href: `#${userPath(userId)}` }, 'back to the user'),
      '.',
    ),
    form,
    results,
  );
  inputs.query.focus();
}

function renderAnswer(target, answer) {
  const clusters = answer.episodic || [];
  show(
    target,
    h('h2', {}, `${clusters.length} cluster(s)`),
    answer.warnings?.length
      ? h(
          'ul',
          { class: 'warnings' },
          answer.warnings.map((warning) => h('li', {}, `${warning.code}: ${warning.message}`)),
        )
      : null,
    h('h3', {}, 'Where the time went'),
    stageTimings(answer.trace),
    h(
      'p',
      { class: 'trace-summary' },
      `Mode ${answer.trace.mode}`,
      answer.trace.reason ? ` (${answer.trace.reason})` : '',
      ` · ${answer.trace.queries?.length ?? 0} quer${answer.trace.queries?.length === 1 ? 'y' : 'ies'}`,
      ` · ${answer.trace.llm_calls} LLM call(s)`,
      ` · best relevance ${fixed(answer.trace.best_relevance)}`,
    ),
    h('h3', {}, 'Context, as an LLM gets it'),
    h(
      'pre',
      { class: 'context', tabindex: '0', 'aria-label': 'Context' },
      answer.context || '(empty: nothing relevant)',
    ),
    answer.short_term ? shortTerm(answer.short_term) : null,
    answer.profile?.length ? h('h3', {}, 'Profile') : null,
    answer.profile?.length
      ? h(
          'ul',
          {},
          answer.profile.map((entry) => h('li', {}, `${entry.subject} · ${entry.feature}: ${entry.value}`)),
        )
      : null,
    h('h3', {}, 'Clusters'),
    h(
      'ol',
      { class: 'clusters' },
      clusters.map((cluster) =>
        h(
          'li',
          { class: 'cluster', dataset: { nucleus: cluster.nucleus_id } },
          h(
            'p',
            { class: 'scores' },
            `relevance ${fixed(cluster.relevance)} · similarity ${fixed(cluster.similarity)} · score ${fixed(cluster.score)}`,
          ),
          h(
            'ol',
            { class: 'episodes' },
            cluster.episodes.map((episode) => episodeItem(episode, { nucleus: episode.id === cluster.nucleus_id })),
          ),
        ),
      ),
    ),
    h(
      'details',
      {},
      h('summary', {}, 'The whole trace (JSON)'),
      h('pre', { class: 'trace' }, JSON.stringify(answer.trace, null, 2)),
    ),
  );
}

function shortTerm(memory) {
  return h(
    'section',
    {},
    h('h3', {}, `Short-term memory of ${memory.session_id}`),
    memory.summary ? h('p', { class: 'summary' }, memory.summary) : null,
    h(
      'ol',
      { class: 'episodes' },
      memory.episodes.map((episode) => episodeItem(episode)),
    ),
  );
}

function fixed(value) {
  return typeof value === 'number' ? value.toFixed(3) : '—';
}
