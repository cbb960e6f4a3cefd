// Sign-in with an API key: kept in this tab's session storage, sent as a bearer token, never put in a URL.

import { api } from '../api.js';
import { h, show } from '../dom.js';
import { rememberCaller, signIn, signOut } from '../session.js';
import { field, showProblem } from '../ui.js';

export function renderSignIn(main, done) {
  const key = h('input', { type: 'password', autocomplete: 'off', required: true, spellcheck: 'false' });
  const form = h(
    'form',
    { class: 'sign-in', 'aria-labelledby': 'sign-in-title' },
    h('h1', { id: 'sign-in-title' }, 'Sign in'),
    h(
      'p',
      {},
      'Engram asks for an API key of your project (egk_…). It stays in this tab until you sign out or close it.',
    ),
    field('API key', 'key', key),
    h('div', { class: 'form-problem', role: 'alert' }),
    h('div', { class: 'buttons' }, h('button', { type: 'submit' }, 'Sign in')),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    signIn(key.value.trim());
    try {
      rememberCaller((await api.me()).body);
      done();
    } catch (error) {
      signOut();
      showProblem(form, error);
    }
  });
  show(main, form);
  key.focus();
}
