// The Engram gateway API as calls of a fetch-based client; the types are in index.d.ts.

const RETRIED = new Set([429, 503]);

/** A refused call: the problem document's status, title, detail and field errors; status 0 when no answer came. */
export class EngramError extends Error {
  constructor(status, problem = {}, retryAfter = null) {
    const errors = Array.isArray(problem.errors) ? problem.errors : [];
    const detail = problem.detail ?? "";
    super([`${status} ${problem.title ?? "Error"}${detail ? `: ${detail}` : ""}`,
      ...errors.map((e) => `  ${e.field}: ${e.message}`)].join("\n"));
    this.name = "EngramError";
    this.status = status;
    this.title = problem.title ?? "Error";
    this.detail = detail;
    this.type = problem.type ?? "";
    this.errors = errors.map((e) => ({ field: String(e.field), message: String(e.message) }));
    this.retryAfter = retryAfter;
  }
}

/**
 * A client of one Engram gateway with the API key of one project. 429 and 503 are retried after the
 * gateway's Retry-After; adds are safe to retry because a re-sent episode is answered "duplicate".
 */
export class Engram {
  constructor({ url = "http://127.0.0.1:8080", apiKey = null, timeoutMs = 30000, retries = 3 } = {}) {
    this.url = url.replace(/\/+$/, "");
    this.apiKey = apiKey;
    this.timeoutMs = timeoutMs;
    this.retries = retries;
  }

  add(userId, sessionId, episodes, { agentId, waitIndexed = false, waitTimeoutMs } = {}) {
    const body = { user_id: userId, session_id: sessionId, episodes };
    if (agentId !== undefined) body.agent_id = agentId;
    if (waitIndexed) {
      body.wait = "indexed";
      if (waitTimeoutMs !== undefined) body.wait_timeout_ms = waitTimeoutMs;
    }
    return this.#call("POST", "/v1/memories", { body });
  }

  search(userId, query, options = {}) {
    return this.#call("POST", "/v1/memories/search", { body: { user_id: userId, query, ...options } });
  }

  status(userId) {
    return this.#call("GET", "/v1/memories/status", { query: { user_id: userId } });
  }

  episodes(userId, { sessionId, cursor, limit } = {}) {
    return this.#call("GET", "/v1/memories/episodes",
      { query: { user_id: userId, session_id: sessionId, cursor, limit } });
  }

  episode(userId, episodeId) {
    return this.#call("GET", `/v1/memories/episodes/${seg(episodeId)}`, { query: { user_id: userId } });
  }

  updateEpisode(userId, episodeId, change, { waitIndexed = false, waitTimeoutMs } = {}) {
    const body = { ...change };
    if (waitIndexed) {
      body.wait = "indexed";
      if (waitTimeoutMs !== undefined) body.wait_timeout_ms = waitTimeoutMs;
    }
    return this.#call("PATCH", `/v1/memories/episodes/${seg(episodeId)}`, { query: { user_id: userId }, body });
  }

  deleteEpisode(userId, episodeId) {
    return this.#call("DELETE", `/v1/memories/episodes/${seg(episodeId)}`, { query: { user_id: userId } });
  }

  shortTerm(userId, sessionId, { agentId } = {}) {
    return this.#call("GET", `/v1/sessions/${sessionSeg(sessionId)}/short-term`,
      { query: { user_id: userId, agent_id: agentId } });
  }

  deleteSession(userId, sessionId) {
    return this.#call("DELETE", `/v1/sessions/${sessionSeg(sessionId)}`, { query: { user_id: userId } });
  }

  me() {
    return this.#call("GET", "/v1/me");
  }

  users({ cursor, limit } = {}) {
    return this.#call("GET", "/v1/users", { query: { cursor, limit } });
  }

  sessions(userId, { agentId, cursor, limit } = {}) {
    return this.#call("GET", `/v1/users/${seg(userId)}/sessions`, { query: { agent_id: agentId, cursor, limit } });
  }

  deleteUser(userId) {
    return this.#call("DELETE", `/v1/users/${seg(userId)}`);
  }

  deletion(deletionId) {
    return this.#call("GET", `/v1/deletions/${seg(deletionId)}`);
  }

  profile(userId, query = {}) {
    return this.#call("GET", `/v1/users/${seg(userId)}/profile`, { query });
  }

  putProfileEntry(userId, entryId, entry) {
    return this.#call("PUT", `/v1/users/${seg(userId)}/profile/${seg(entryId)}`, { body: entry });
  }

  deleteProfileEntry(userId, entryId) {
    return this.#call("DELETE", `/v1/users/${seg(userId)}/profile/${seg(entryId)}`);
  }

  async #call(method, path, { query = {}, body } = {}) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(name, String(value));
    }
    const search = params.toString();
    const url = this.url + path + (search ? `?${search}` : "");
    const headers = { Accept: "application/json, application/problem+json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    for (let attempt = 0; ; attempt++) {
      let response;
      let text;
      try {
        response = await fetch(url, {
          method, headers, body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        // The timeout covers reading the answer too.
        text = await response.text();
      } catch (failure) {
        throw new EngramError(0, { title: "No answer", detail: `${method} ${url}: ${failure.message}` });
      }
      if (response.ok) return text ? JSON.parse(text) : undefined;
      const header = response.headers.get("Retry-After");
      const retryAfter = header && /^\d+$/.test(header.trim()) ? Number(header) : null;
      if (RETRIED.has(response.status) && attempt < this.retries) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * (retryAfter ?? 2 ** attempt)));
        continue;
      }
      let problem;
      try {
        problem = text ? JSON.parse(text) : {};
      } catch {
        problem = { title: response.statusText, detail: text.slice(0, 500) };
      }
      throw new EngramError(response.status, problem ?? {}, retryAfter);
    }
  }
}

function seg(value) {
  return encodeURIComponent(value);
}

// Session ids may hold '/' ("conv-26/session_1"); the API's session routes take it as it is.
function sessionSeg(value) {
  return encodeURIComponent(value).replaceAll("%2F", "/");
}
