// The body of POST /v1/memories/search from what the playground's form holds. Only what was filled in is sent, and
// numbers as numbers: the API judges every value and names what is wrong, so nothing is checked or dropped here.

/**
 * @param userId whose memory is searched
 * @param form the form's values as typed: strings, except `rerankers` (names) and `profile` (a boolean)
 */
export function searchRequest(userId, form) {
  return prune({
    user_id: userId,
    query: form.query,
    mode: form.mode,
    top_k: number(form.topK),
    session_id: text(form.session),
    filter: prune({
      session_ids: list(form.sessions),
      from: text(form.from),
      to: text(form.to),
      producers: list(form.producers),
    }),
    expand_context: prune({
      before: number(form.before),
      after: number(form.after),
      neighbours: text(form.neighbours),
    }),
    min_relevance: number(form.minRelevance),
    max_context_tokens: number(form.maxTokens),
    rerankers: form.rerankers,
    include: form.profile ? ['episodic', 'short_term', 'profile'] : undefined,
  });
}

// "abc" becomes NaN, which JSON writes as null: the API then says the field must be a number.
function number(value) {
  return value === undefined || value.trim() === '' ? undefined : Number(value);
}

function text(value) {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function list(value) {
  if (value === undefined || value.trim() === '') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The object without its undefined members and empty objects; undefined when nothing is left. */
export function prune(object) {
  if (object === undefined) return undefined;
  const kept = Object.entries(object).filter(
    ([, value]) => value !== undefined && !(isPlainObject(value) && Object.keys(value).length === 0),
  );
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
