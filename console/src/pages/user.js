// One user: indexing progress, sessions with their episodes over time, and forgetting the user.

import { api } from '../api.js';
import { episodesOverTime } from '../charts.js';
import { h, show, when } from '../dom.js';
import { sessionPath, userPath } from '../paths.js';
import { may } from '../session.js';
import { deletionButton, failure, pager } from '../ui.js';

export async function renderUser(main, userId) {
  const counts = h('dl', { class: 'counts', 'aria-live': 'polite' });
  const chart = h('figure', { class: 'chart' });
  const sessions = [];
  const rows = h('tbody');
  const deletion = h('div', { class: 'deletion-progress' });
  show(
    main,
    h('h1', {}, `User ${userId}`),
    h(
      'p',
      { class: 'actions' },
      h('a', { href: `#${userPath(userId, 'profile')}` }, 'Profile'),
      h('a', { href: `#${userPath(userId, 'search')}` }, 'Search'),
    ),
    counts,
    h('h2', {}, 'Episodes over time'),
    chart,
    h('h2', {}, 'Sessions'),
    h(
      'table',
      { class: 'sessions' },
      h('caption', {}, 'Sessions in id order'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Session', 'Episodes', 'First episode', 'Last episode'].map((name) => h('th', { scope: 'col' }, name)),
        ),
      ),
      rows,
    ),
  );
  if (!may('read')) {
    show(counts, h('p', {}, 'This key may not read memory.'));
  } else {
    try {
      const status = (await api.status(userId)).body;
      show(
        counts,
        [
          ['Stored', status.stored],
          ['Indexed', status.indexed],
          ['Pending', status.pending],
        ].map(([name, value]) =>
          h('div', {}, h('dt', {}, name), h('dd', { dataset: { count: name.toLowerCase() } }, value)),
        ),
      );
    } catch (error) {
      show(counts, failure(error));
    }
    const paging = pager(
      async (cursor) => (await api.sessions(userId, cursor)).body,
      (page) => {
        for (const session of page.sessions) {
          sessions.push(session);
          rows.append(
            h(
              'tr',
              { dataset: { session: session.session_id } },
              h(
                'th',
                { scope: 'row' },
                h('a', { href: `#${sessionPath(userId, session.session_id)}` }, session.session_id),
              ),
              h('td', { class: 'number' }, session.episodes),
              h('td', {}, when(session.first_episode_at)),
              h('td', {}, when(session.last_episode_at)),
            ),
          );
        }
        show(
          chart,
          episodesOverTime(sessions),
          h('figcaption', {}, 'Episodes per period, by the time of their session'),
        );
      },
    );
    main.querySelector('table.sessions').after(paging.element);
    await paging.next();
  }
  if (may('write')) {
    const remove = deletionButton({
      label: 'Delete this user…',
      question: `Every episode, session, summary, index entry and profile entry of ${userId} will be deleted, manual profile entries included.`,
      confirmLabel: 'Delete user',
      start: () => api.deleteUser(userId),
      progress: () => deletion,
      done: () => deletion.append(h('p', {}, h('a', { href: '#/users' }, 'Back to the users'))),
    });
    main.append(h('h2', {}, 'Forget this user'), remove, deletion);
  }
}
