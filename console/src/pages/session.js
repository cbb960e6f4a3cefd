// One session: its short-term memory (summary and recent window) and every episode in time order.

import { api } from '../api.js';
import { h, show } from '../dom.js';
import { episodeItem } from '../episodes.js';
import { userPath } from '../paths.js';
import { may } from '../session.js';
import { deletionButton, failure, pager } from '../ui.js';

export async function renderSession(main, userId, sessionId) {
  const shortTerm = h('section', { 'aria-labelledby': 'short-term-title' });
  const list = h('ol', { class: 'episodes', id: 'session-episodes' });
  const deletion = h('div', { class: 'deletion-progress' });
  show(
    main,
    h('h1', {}, `Session ${sessionId}`),
    h('p', {}, 'Of user ', h('a', { href: `#${userPath(userId)}` }, userId), '.'),
    deletion,
    shortTerm,
    h('h2', {}, 'Episodes'),
    list,
  );
  if (may('write')) {
    const remove = deletionButton({
      label: 'Delete this session…',
      question: `Session ${sessionId}: its episodes, short-term memory, index entries and profile evidence will be deleted.`,
      confirmLabel: 'Delete session',
      start: () => api.deleteSession(userId, sessionId),
      progress: () => deletion,
      done: () => list.replaceChildren(),
    });
    deletion.before(h('p', { class: 'actions' }, remove));
  }
  await renderShortTerm(shortTerm, userId, sessionId);
  const paging = pager(
    async (cursor) => (await api.episodes(userId, sessionId, cursor)).body,
    (page) =>
      page.episodes.forEach((episode) => list.append(episodeItem(episode, { actions: deleteButton(userId, episode) }))),
  );
  list.after(paging.element);
  await paging.next();
}

async function renderShortTerm(section, userId, sessionId) {
  section.append(h('h2', { id: 'short-term-title' }, 'Short-term memory'));
  try {
    const memory = (await api.shortTerm(userId, sessionId)).body;
    section.append(
      h('h3', {}, 'Summary'),
      memory.summary
        ? h('p', { class: 'summary' }, memory.summary)
        : h('p', { class: 'empty' }, 'Nothing has fallen out of the recent window yet.'),
      h(
        'p',
        {},
        `The summary covers ${memory.summarized_episodes} episode(s); the recent window holds ${memory.episodes.length}.`,
      ),
      h(
        'details',
        {},
        h('summary', {}, 'The recent window, as an agent reads it'),
        h(
          'ol',
          { class: 'episodes' },
          memory.episodes.map((episode) => episodeItem(episode)),
        ),
      ),
    );
  } catch (error) {
    section.append(failure(error));
  }
}

function deleteButton(userId, episode) {
  if (!may('write')) return null;
  return deletionButton({
    label: 'Delete',
    question: `Episode ${episode.id} will be deleted from every store.`,
    confirmLabel: 'Delete episode',
    attributes: { class: 'small danger', 'aria-label': `Delete episode ${episode.id}` },
    start: () => api.deleteEpisode(userId, episode.id),
    // The progress shows under the episode, which stays in the list marked as deleted.
    progress: (button) => button.closest('li').appendChild(h('div', { class: 'deletion-progress' })),
    done: (button) => {
      button.closest('li').classList.add('deleted');
      button.remove();
    },
  });
}
