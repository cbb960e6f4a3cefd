// The console's only way to Engram: the public HTTP API under /v1, with the key it was given.

import { currentKey } from './session.js';

/** A problem document (RFC 9457) the API answered, with its field-level errors. */
export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.type = problem.type;
    this.title = problem.title;
    this.errors = problem.errors || [];
  }
}

export async function call(method, path, { query, body } = {}) {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query || {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, value);
  }
  const headers = { Accept: 'application/json' };
  const key = currentKey();
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const payload = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new ApiProblem(response.status, payload || {});
  }
  return { status: response.status, body: payload };
}

const user = (userId) => `/v1/users/${encodeURIComponent(userId)}`;

export const api = {
  me: () => call('GET', '/v1/me'),
  users: (cursor, limit = 50) => call('GET', '/v1/users', { query: { cursor, limit } }),
  status: (userId) => call('GET', '/v1/memories/status', { query: { user_id: userId } }),
  sessions: (userId, cursor, limit = 100) => call('GET', `${user(userId)}/sessions`, { query: { cursor, limit } }),
  episodes: (userId, sessionId, cursor, limit = 50) =>
    call('GET', '/v1/memories/episodes', { query: { user_id: userId, session_id: sessionId, cursor, limit } }),
  shortTerm: (userId, sessionId) =>
    call('GET', `/v1/sessions/${sessionPath(sessionId)}/short-term`, { query: { user_id: userId } }),
  profile: (userId, at) => call('GET', `${user(userId)}/profile`, { query: { at } }),
  profileHistory: (userId) => call('GET', `${user(userId)}/profile/history`),
  putProfileEntry: (userId, entryId, entry) =>
    call('PUT', `${user(userId)}/profile/${encodeURIComponent(entryId)}`, { body: entry }),
  deleteProfileEntry: (userId, entryId) => call('DELETE', `${user(userId)}/profile/${encodeURIComponent(entryId)}`),
  search: (request) => call('POST', '/v1/memories/search', { body: request }),
  deleteEpisode: (userId, episodeId) =>
    call('DELETE', `/v1/memories/episodes/${encodeURIComponent(episodeId)}`, { query: { user_id: userId } }),
  deleteSession: (userId, sessionId) =>
    call('DELETE', `/v1/sessions/${sessionPath(sessionId)}`, { query: { user_id: userId } }),
  deleteUser: (userId) => call('DELETE', user(userId)),
  deletion: (deletionId) => call('GET', `/v1/deletions/${encodeURIComponent(deletionId)}`),
};

// A session id may hold '/', which the API takes as part of the id: each segment is escaped on its own.
function sessionPath(sessionId) {
  return sessionId.split('/').map(encodeURIComponent).join('/');
}
