// A user's profile: what holds now or held at a time, every version on a timeline, and edits by hand.

import { api } from '../api.js';
import { profileTimeline } from '../charts.js';
import { h, show, when } from '../dom.js';
import { userPath } from '../paths.js';
import { may } from '../session.js';
import { clearProblem, confirmAction, failure, field, showProblem } from '../ui.js';

export async function renderProfile(main, userId) {
  const current = h('div', { class: 'profile-current' });
  const history = h('div', { class: 'profile-history' });
  const editor = h('div', { class: 'profile-editor' });
  const at = h('input', { type: 'date' });
  const asOf = h(
    'form',
    { class: 'inline', 'aria-label': 'Profile as of a date' },
    field('As of (empty: now)', 'at', at),
    h('div', { class: 'form-problem', role: 'alert' }),
    h('button', { type: 'submit' }, 'Show'),
  );
  const reload = async () => {
    await renderCurrent(current, userId, at.value, asOf, (entry) => openEditor(editor, userId, entry, reload));
    await renderHistory(history, userId);
  };
  asOf.addEventListener('submit', (event) => {
    event.preventDefault();
    reload();
  });
  show(
    main,
    h('h1', {}, `Profile of ${userId}`),
    h(
      'p',
      {},
      'Versioned facts about the people in ',
      h('a', { href: `#${userPath(userId)}` }, `${userId}'s`),
      ' memory.',
    ),
    asOf,
    current,
    may('write')
      ? h(
          'p',
          {},
          h('button', { type: 'button', onClick: () => openEditor(editor, userId, null, reload) }, 'Add an entry…'),
        )
      : null,
    editor,
    h('h2', {}, 'Every version'),
    history,
  );
  await reload();
}

async function renderCurrent(target, userId, at, asOf, edit) {
  clearProblem(asOf);
  let profile;
  try {
    profile = (await api.profile(userId, at || undefined)).body;
  } catch (error) {
    if (error.status === 400) {
      showProblem(asOf, error);
      return;
    }
    show(target, failure(error));
    return;
  }
  const heading = h('h2', {}, at ? `As of ${at}` : 'Current');
  if (profile.entries.length === 0) {
    show(target, heading, h('p', { class: 'empty' }, 'No entries.'));
    return;
  }
  show(
    target,
    heading,
    h(
      'table',
      { class: 'profile' },
      h('caption', {}, 'Entries in subject, tag and feature order'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Subject', 'Tag', 'Feature', 'Value', 'Since', 'Source', 'Confidence', ''].map((name) =>
            h('th', { scope: 'col' }, name),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        profile.entries.map((entry) =>
          h(
            'tr',
            { dataset: { entry: entry.id, feature: entry.feature } },
            h('td', {}, entry.subject),
            h('td', {}, entry.tag),
            h('th', { scope: 'row' }, entry.feature),
            h('td', { class: 'value' }, entry.value),
            h('td', {}, when(entry.valid_from)),
            h('td', {}, entry.source),
            h('td', { class: 'number' }, entry.confidence.toFixed(2)),
            h('td', {}, may('write') && !at ? entryActions(userId, entry, edit, target) : null),
          ),
        ),
      ),
    ),
  );
}

function entryActions(userId, entry, edit, target) {
  return h(
    'span',
    { class: 'row-actions' },
    h(
      'button',
      { type: 'button', class: 'small', 'aria-label': `Edit ${entry.feature}`, onClick: () => edit(entry) },
      'Edit',
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'small danger',
        'aria-label': `Delete ${entry.feature}`,
        onClick: async () => {
          const sure = await confirmAction(
            `The entry "${entry.feature}: ${entry.value}" will be deleted for good; a version it replaced becomes current again.`,
            'Delete entry',
          );
          if (!sure) return;
          try {
            await api.deleteProfileEntry(userId, entry.id);
            target.closest('main').querySelector('form.inline').requestSubmit();
          } catch (error) {
            target.prepend(failure(error));
          }
        },
      },
      'Delete',
    ),
  );
}

/** Editing a current entry records a new version under a new id; adding one picks a new id. */
function openEditor(target, userId, entry, saved) {
  const inputs = {
    subject: h('input', { type: 'text', value: entry?.subject ?? userId }),
    tag: h('input', { type: 'text', value: entry?.tag ?? '' }),
    feature: h('input', { type: 'text', value: entry?.feature ?? '' }),
    value: h('textarea', { rows: 2 }, entry?.value ?? ''),
    category: h('input', { type: 'text', value: entry?.category ?? 'profile' }),
    confidence: h('input', { type: 'number', step: '0.05', value: entry?.confidence ?? 1 }),
  };
  const form = h(
    'form',
    { class: 'entry-form', 'aria-labelledby': 'entry-form-title' },
    h('h2', { id: 'entry-form-title' }, entry ? `Edit ${entry.feature}` : 'Add an entry'),
    field('Subject', 'subject', inputs.subject, 'Whom it is about.'),
    field('Tag', 'tag', inputs.tag, 'A group of features, e.g. "work".'),
    field('Feature', 'feature', inputs.feature),
    field('Value', 'value', inputs.value),
    field('Category', 'category', inputs.category),
    field('Confidence', 'confidence', inputs.confidence, 'Greater than 0, at most 1.'),
    h('div', { class: 'form-problem', role: 'alert' }),
    h(
      'div',
      { class: 'buttons' },
      h('button', { type: 'submit' }, entry ? 'Save a new version' : 'Add'),
      h('button', { type: 'button', onClick: () => target.replaceChildren() }, 'Cancel'),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = {
      subject: inputs.subject.value,
      tag: inputs.tag.value,
      feature: inputs.feature.value,
      value: inputs.value.value,
      category: inputs.category.value,
      // A number the API can judge: an empty or malformed box is sent as it is and answered field by field.
      confidence: inputs.confidence.value === '' ? null : Number(inputs.confidence.value),
    };
    if (entry) body.evidence = entry.evidence;
    if (body.confidence === null) delete body.confidence;
    try {
      await api.putProfileEntry(userId, entry?.id ?? crypto.randomUUID(), body);
      target.replaceChildren();
      await saved();
    } catch (error) {
      showProblem(form, error);
    }
  });
  show(target, form);
  inputs.feature.focus();
}

async function renderHistory(target, userId) {
  try {
    const history = (await api.profileHistory(userId)).body;
    show(target, profileTimeline(history.entries));
  } catch (error) {
    show(target, failure(error));
  }
}
