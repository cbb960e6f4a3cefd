// The console's shell: who is signed in, the navigation, and which page the address shows.

import { api } from './api.js';
import { h, show } from './dom.js';
import { renderProfile } from './pages/profile.js';
import { renderSearch } from './pages/search.js';
import { renderSession } from './pages/session.js';
import { renderSignIn } from './pages/sign-in.js';
import { renderUser } from './pages/user.js';
import { renderUsers } from './pages/users.js';
import { go, userPath } from './paths.js';
import { currentCaller, rememberCaller, signOut } from './session.js';
import { failure } from './ui.js';

const main = document.getElementById('main');

// Addresses are fragments (#/users/caroline/search); see paths.js.
const routes = [
  [/^\/users$/, () => renderUsers(main)],
  [/^\/users\/([^/]+)$/, (user) => renderUser(main, user)],
  [/^\/users\/([^/]+)\/profile$/, (user) => renderProfile(main, user)],
  [/^\/users\/([^/]+)\/search$/, (user) => renderSearch(main, user)],
  [/^\/users\/([^/]+)\/sessions\/([^/]+)$/, (user, session) => renderSession(main, user, session)],
];

async function route() {
  if (!currentCaller()) {
    const known = await identify();
    if (!known) return;
  }
  const path = window.location.hash.replace(/^#/, '') || '/users';
  for (const [pattern, render] of routes) {
    const match = pattern.exec(path);
    if (match) {
      renderNav(path);
      await render(...match.slice(1).map(decodeURIComponent));
      document.title = `${main.querySelector('h1')?.textContent || 'Engram'} · Engram console`;
      main.focus();
      return;
    }
  }
  go('/users');
}

/** Asks the API who this is; without a usable key the sign-in page is shown instead. */
async function identify() {
  try {
    rememberCaller((await api.me()).body);
    renderWho();
    return true;
  } catch (error) {
    signOut();
    renderWho();
    if (error.status === 401) {
      renderSignIn(main, () => {
        renderWho();
        route();
      });
    } else {
      show(main, failure(error));
    }
    return false;
  }
}

function renderWho() {
  const who = document.getElementById('who');
  const banner = document.getElementById('banner');
  const caller = currentCaller();
  show(banner);
  if (!caller) {
    show(who);
    return;
  }
  if (!caller.authentication) {
    show(
      banner,
      h(
        'p',
        { class: 'auth-off' },
        `Authentication is off: every request belongs to the project "${caller.project}" and needs no key. `,
        'Turn it on before anyone else can reach this gateway.',
      ),
    );
  }
  show(
    who,
    h('span', {}, `Project ${caller.project ?? '(bootstrap administrator)'}`),
    caller.key_id ? h('span', {}, ` · key ${caller.key_id}`) : null,
    h('span', { class: 'scopes' }, ` · ${caller.scopes.join(', ')}`),
    caller.authentication
      ? h(
          'button',
          {
            type: 'button',
            class: 'link',
            onClick: () => {
              signOut();
              renderWho();
              route();
            },
          },
          'Sign out',
        )
      : null,
  );
}

function renderNav(path) {
  const nav = document.getElementById('nav');
  const user = /^\/users\/([^/]+)/.exec(path);
  const links = [['Users', '/users']];
  if (user) {
    const userId = decodeURIComponent(user[1]);
    links.push(
      [userId, userPath(userId)],
      ['Profile', userPath(userId, 'profile')],
      ['Search', userPath(userId, 'search')],
    );
  }
  show(
    nav,
    h(
      'ul',
      {},
      links.map(([label, target]) =>
        h('li', {}, h('a', { href: `#${target}`, 'aria-current': target === path ? 'page' : null }, label)),
      ),
    ),
  );
}

// The address's fragment is the page, so the skip link moves the focus itself instead of changing it.
document.querySelector('.skip').addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});
window.addEventListener('hashchange', route);
route();
