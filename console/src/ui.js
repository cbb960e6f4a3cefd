// Building blocks the pages share: labelled fields with their errors, problems, confirmation, deletion progress.

import { api, ApiProblem } from './api.js';
import { h, show, uniqueId } from './dom.js';
import { fieldAndParents } from './fields.js';

/**
 * A labelled input whose API field is `name`: a 400 naming that field shows its message right below it,
 * announced to screen readers through aria-describedby.
 */
export function field(label, name, input, hint) {
  const id = uniqueId('field');
  const errorId = `${id}-error`;
  input.id = id;
  input.name = input.name || name;
  input.dataset.field = name;
  input.setAttribute('aria-describedby', errorId);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    input,
    hint ? h('small', { class: 'hint' }, hint) : null,
    h('div', { class: 'field-error', id: errorId, dataset: { errorFor: name }, 'aria-live': 'polite' }),
  );
}

/** Clears what a form showed of an earlier problem. */
export function clearProblem(form) {
  form.querySelectorAll('[data-error-for]').forEach((slot) => show(slot));
  form.querySelectorAll('[aria-invalid]').forEach((input) => input.removeAttribute('aria-invalid'));
  const summary = form.querySelector('.form-problem');
  if (summary) show(summary);
}

/**
 * Shows what the API said was wrong: each field's message next to that field, and whatever names no field
 * on the form (or is no 400 at all) above the buttons.
 */
export function showProblem(form, error) {
  clearProblem(form);
  const summary = form.querySelector('.form-problem');
  const unplaced = [];
  const errors = error instanceof ApiProblem ? error.errors : [];
  for (const { field: name, message } of errors) {
    const slot = slotFor(form, name);
    if (slot) {
      slot.append(h('span', {}, message));
      form.querySelector(`[data-field="${cssEscape(slot.dataset.errorFor)}"]`)?.setAttribute('aria-invalid', 'true');
    } else {
      unplaced.push(`${name}: ${message}`);
    }
  }
  const lines = errors.length === 0 ? [describe(error)] : unplaced;
  if (summary && lines.length > 0)
    show(
      summary,
      lines.map((line) => h('div', {}, line)),
    );
  const firstInvalid = form.querySelector('[aria-invalid="true"]');
  if (firstInvalid) firstInvalid.focus();
}

function slotFor(form, name) {
  for (const candidate of fieldAndParents(name)) {
    const slot = form.querySelector(`[data-error-for="${cssEscape(candidate)}"]`);
    if (slot) return slot;
  }
  return null;
}

function cssEscape(text) {
  return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/"/g, '\\"');
}

export function describe(error) {
  if (error instanceof ApiProblem) return `${error.title || 'Error'} (${error.status}): ${error.message}`;
  return `The gateway could not be reached: ${error.message}`;
}

/** A problem shown in place of a page or a panel. */
export function failure(error) {
  return h('p', { class: 'problem', role: 'alert' }, describe(error));
}

/** Asks before something is lost for good; resolves true only when the person confirmed. */
export function confirmAction(message, action) {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { class: 'confirm', 'aria-labelledby': 'confirm-title' },
      h('h2', { id: 'confirm-title' }, 'Are you sure?'),
      h('p', {}, message),
      h(
        'form',
        { method: 'dialog', class: 'buttons' },
        h('button', { value: 'cancel', type: 'submit' }, 'Cancel'),
        h('button', { value: 'confirm', type: 'submit', class: 'danger' }, action),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'confirm');
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * Shows a deletion's progress until every store has it: the API answers "pending" while vector-service or
 * profile-service is still to be reached, then "complete".
 */
export async function followDeletion(started, target) {
  let deletion = started;
  const render = () =>
    show(
      target,
      h(
        'p',
        { class: `deletion ${deletion.status}`, role: 'status', dataset: { deletionStatus: deletion.status } },
        `Deletion ${deletion.status}: ${deletion.deleted_episodes} episode(s) deleted`,
        deletion.pending_stores.length > 0 ? `; waiting for ${deletion.pending_stores.join(', ')}` : '',
        '.',
      ),
    );
  render();
  for (let wait = 250; deletion.status !== 'complete'; wait = Math.min(wait * 2, 4000)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    deletion = (await api.deletion(deletion.id)).body;
    render();
  }
  return deletion;
}

/**
 * A button that deletes something for good: it asks first, then starts the deletion and shows its progress in
 * the element `progress(button)` gives until every store has it; `done(button)` runs once it is complete.
 */
export function deletionButton({ label, question, confirmLabel, start, progress, done, attributes = {} }) {
  const button = h(
    'button',
    {
      type: 'button',
      class: 'danger',
      ...attributes,
      onClick: async () => {
        if (!(await confirmAction(question, confirmLabel))) return;
        button.disabled = true;
        const target = progress(button);
        try {
          await followDeletion((await start()).body, target);
          done?.(button);
        } catch (error) {
          show(target, failure(error));
          button.disabled = false;
        }
      },
    },
    label,
  );
  return button;
}

/** A "Show more" button that appends the next page of a cursor-paged listing. */
export function pager(load, renderPage) {
  const more = h('button', { type: 'button', class: 'more' }, 'Show more');
  const holder = h('div', { class: 'pager' });
  let cursor = null;
  const next = async () => {
    more.disabled = true;
    try {
      const page = await load(cursor);
      renderPage(page);
      cursor = page.next_cursor;
      show(holder, cursor ? more : null);
    } catch (error) {
      show(holder, failure(error));
    } finally {
      more.disabled = false;
    }
  };
  more.addEventListener('click', next);
  return { element: holder, next };
}
