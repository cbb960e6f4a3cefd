// How the console shows an episode: time, speaker, what was said, and the rest of what was stored with it.

import { h, when } from './dom.js';

export function episodeItem(episode, { nucleus = false, actions = null } = {}) {
  const speaker = episode.producer || episode.role || 'unknown';
  const metadata = Object.entries(episode.metadata || {});
  return h(
    'li',
    { class: nucleus ? 'episode nucleus' : 'episode', dataset: { episode: episode.id } },
    h(
      'div',
      { class: 'episode-head' },
      h('time', { datetime: episode.timestamp }, when(episode.timestamp)),
      h('strong', {}, speaker),
      episode.produced_for ? h('span', { class: 'to' }, `to ${episode.produced_for}`) : null,
      nucleus ? h('span', { class: 'badge' }, 'nucleus: the search hit this') : null,
      episode.revision > 0 ? h('span', { class: 'badge' }, `corrected ${episode.revision}×`) : null,
      actions,
    ),
    h('p', { class: 'content' }, episode.content),
    h(
      'div',
      { class: 'episode-meta' },
      h('code', {}, episode.id),
      metadata.map(([name, value]) => h('span', { class: 'tag' }, `${name}=${value}`)),
    ),
  );
}
