// The project's users, with how much of each one's memory is stored, searchable and still to index.

import { api } from '../api.js';
import { h, show, when } from '../dom.js';
import { userPath } from '../paths.js';
import { may } from '../session.js';
import { pager } from '../ui.js';

export async function renderUsers(main) {
  if (!may('read')) {
    show(main, h('h1', {}, 'Users'), h('p', {}, 'This key may not read memory (it has no "read" scope).'));
    return;
  }
  const rows = h('tbody');
  const table = h(
    'table',
    { class: 'users' },
    h('caption', {}, 'Users of the project, in id order'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['User', 'Stored', 'Indexed', 'Pending', 'Sessions', 'Newest episode'].map((name) =>
          h('th', { scope: 'col' }, name),
        ),
      ),
    ),
    rows,
  );
  const empty = h(
    'p',
    { class: 'empty', hidden: true },
    'No user has any memory yet. Add episodes with POST /v1/memories.',
  );
  const paging = pager(
    async (cursor) => (await api.users(cursor)).body,
    (page) => {
      for (const user of page.users) {
        rows.append(
          h(
            'tr',
            { dataset: { user: user.user_id } },
            h('th', { scope: 'row' }, h('a', { href: `#${userPath(user.user_id)}` }, user.user_id)),
            h('td', { class: 'number' }, user.stored),
            h('td', { class: 'number' }, user.indexed),
            h('td', { class: user.pending > 0 ? 'number pending' : 'number' }, user.pending),
            h('td', { class: 'number' }, user.sessions),
            h('td', {}, when(user.last_episode_at)),
          ),
        );
      }
      empty.hidden = rows.children.length > 0;
    },
  );
  show(main, h('h1', {}, 'Users'), table, empty, paging.element);
  await paging.next();
}
