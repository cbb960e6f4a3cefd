"""The Engram gateway API as Python calls."""

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Iterable, List, Optional

from engram.errors import EngramError

RETRIED = (429, 503)


class Engram:
    """A client of one Engram gateway, with the API key of one project.

    Every call answers the JSON the API documents (docs/api.md) as dicts and lists. A refused call raises
    EngramError with the status, the problem's detail and every offending field. 429 and 503 are retried after
    the Retry-After the gateway sends (at most `retries` times); adds are safe to retry because an episode
    re-sent under its id is answered "duplicate".
    """

    def __init__(
        self,
        url: str = "http://127.0.0.1:8080",
        api_key: Optional[str] = None,
        timeout: float = 30.0,
        retries: int = 3,
    ):
        self.url = url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.retries = retries

    # Memories

    def add(
        self,
        user_id: str,
        session_id: str,
        episodes: Iterable[Dict[str, Any]],
        agent_id: Optional[str] = None,
        wait_indexed: bool = False,
        wait_timeout_ms: Optional[int] = None,
    ) -> Dict[str, Any]:
        """Stores episodes (each a dict with content and optionally id, producer, produced_for, role,
        timestamp, metadata). With wait_indexed, answers once they are searchable; "pending" then lists those
        that were not in time."""
        body: Dict[str, Any] = {"user_id": user_id, "session_id": session_id, "episodes": list(episodes)}
        if agent_id is not None:
            body["agent_id"] = agent_id
        if wait_indexed:
            body["wait"] = "indexed"
            if wait_timeout_ms is not None:
                body["wait_timeout_ms"] = wait_timeout_ms
        return self._call("POST", "/v1/memories", body=body)

    def search(self, user_id: str, query: str, top_k: Optional[int] = None, **options: Any) -> Dict[str, Any]:
        """Searches the user's memory; answer["context"] is prompt-ready text, empty when nothing is relevant.
        Further options are the API's fields: session_id, mode, filter, include, min_relevance, …"""
        body: Dict[str, Any] = {"user_id": user_id, "query": query, **options}
        if top_k is not None:
            body["top_k"] = top_k
        return self._call("POST", "/v1/memories/search", body=body)

    def status(self, user_id: str) -> Dict[str, Any]:
        """How many of the user's episodes are stored, indexed and pending."""
        return self._call("GET", "/v1/memories/status", query={"user_id": user_id})

    def episodes(
        self, user_id: str, session_id: Optional[str] = None, cursor: Optional[str] = None, limit: Optional[int] = None
    ) -> Dict[str, Any]:
        """A page of the user's episodes in session order; pass answer["next_cursor"] for the next."""
        return self._call(
            "GET",
            "/v1/memories/episodes",
            query={"user_id": user_id, "session_id": session_id, "cursor": cursor, "limit": limit},
        )

    def episode(self, user_id: str, episode_id: str) -> Dict[str, Any]:
        return self._call("GET", "/v1/memories/episodes/" + _segment(episode_id), query={"user_id": user_id})

    def update_episode(
        self,
        user_id: str,
        episode_id: str,
        change: Dict[str, Any],
        wait_indexed: bool = False,
        wait_timeout_ms: Optional[int] = None,
    ) -> Dict[str, Any]:
        """Corrects an episode in place. change holds what to correct: content, producer, produced_for, role,
        timestamp, metadata (left out: kept; "" clears a speaker field; metadata is replaced whole). Answers
        {"status": "updated" | "unchanged", "episode": ...}; with wait_indexed, once it is searchable again."""
        body: Dict[str, Any] = dict(change)
        if wait_indexed:
            body["wait"] = "indexed"
            if wait_timeout_ms is not None:
                body["wait_timeout_ms"] = wait_timeout_ms
        return self._call(
            "PATCH", "/v1/memories/episodes/" + _segment(episode_id), query={"user_id": user_id}, body=body
        )

    def delete_episode(self, user_id: str, episode_id: str) -> Dict[str, Any]:
        return self._call("DELETE", "/v1/memories/episodes/" + _segment(episode_id), query={"user_id": user_id})

    # Users, sessions, deletions

    def me(self) -> Dict[str, Any]:
        """The key's project, key_id and scopes, and whether authentication is on."""
        return self._call("GET", "/v1/me")

    def users(self, cursor: Optional[str] = None, limit: Optional[int] = None) -> Dict[str, Any]:
        """A page of the project's users with their stored, indexed and pending counts; pass
        answer["next_cursor"] for the next."""
        return self._call("GET", "/v1/users", query={"cursor": cursor, "limit": limit})

    def sessions(
        self, user_id: str, agent_id: Optional[str] = None, cursor: Optional[str] = None, limit: Optional[int] = None
    ) -> Dict[str, Any]:
        """A page of the user's sessions with their episode counts and time span."""
        return self._call(
            "GET",
            "/v1/users/" + _segment(user_id) + "/sessions",
            query={"agent_id": agent_id, "cursor": cursor, "limit": limit},
        )

    def short_term(self, user_id: str, session_id: str, agent_id: Optional[str] = None) -> Dict[str, Any]:
        return self._call(
            "GET",
            "/v1/sessions/" + _session(session_id) + "/short-term",
            query={"user_id": user_id, "agent_id": agent_id},
        )

    def delete_session(self, user_id: str, session_id: str) -> Dict[str, Any]:
        return self._call("DELETE", "/v1/sessions/" + _session(session_id), query={"user_id": user_id})

    def delete_user(self, user_id: str) -> Dict[str, Any]:
        return self._call("DELETE", "/v1/users/" + _segment(user_id))

    def deletion(self, deletion_id: str) -> Dict[str, Any]:
        return self._call("GET", "/v1/deletions/" + _segment(deletion_id))

    # Profile

    def profile(self, user_id: str, **query: Any) -> Dict[str, Any]:
        """The user's current profile; query may hold at, subject, limit."""
        return self._call("GET", "/v1/users/" + _segment(user_id) + "/profile", query=query)

    def put_profile_entry(self, user_id: str, entry_id: str, entry: Dict[str, Any]) -> Dict[str, Any]:
        return self._call(
            "PUT", "/v1/users/" + _segment(user_id) + "/profile/" + _segment(entry_id), body=entry
        )

    def delete_profile_entry(self, user_id: str, entry_id: str) -> None:
        self._call("DELETE", "/v1/users/" + _segment(user_id) + "/profile/" + _segment(entry_id))

    # The wire

    def _call(
        self, method: str, path: str, query: Optional[Dict[str, Any]] = None, body: Optional[Any] = None
    ) -> Any:
        url = self.url + path
        present = {k: v for k, v in (query or {}).items() if v is not None}
        if present:
            url += "?" + urllib.parse.urlencode(present)
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Accept": "application/json, application/problem+json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.api_key:
            headers["Authorization"] = "Bearer " + self.api_key
        for attempt in range(self.retries + 1):
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    text = response.read().decode("utf-8")
                    return json.loads(text) if text else None
            except urllib.error.HTTPError as answer:
                error = _error(answer)
                if answer.code in RETRIED and attempt < self.retries:
                    time.sleep(error.retry_after if error.retry_after is not None else 2 ** attempt)
                    continue
                raise error from None
            except (urllib.error.URLError, OSError) as failure:  # timeouts and resets while reading too
                raise EngramError(status=0, title="No answer", detail=f"{method} {url}: {failure}") from None
        raise AssertionError("unreachable")


def _segment(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def _session(value: str) -> str:
    """Session ids may hold '/' ("conv-26/session_1"); the API's session routes take it as it is."""
    return urllib.parse.quote(value, safe="/")


def _error(answer: urllib.error.HTTPError) -> EngramError:
    retry_after = answer.headers.get("Retry-After")
    seconds = float(retry_after) if retry_after and retry_after.strip().isdigit() else None
    with answer:
        text = answer.read().decode("utf-8", errors="replace")
    try:
        problem = json.loads(text) if text else {}
    except ValueError:
        problem = {"title": answer.reason or "Error", "detail": text[:500]}
    if not isinstance(problem, dict):
        problem = {"title": answer.reason or "Error"}
    problem.setdefault("title", answer.reason or "Error")
    return EngramError.from_problem(answer.code, problem, seconds)
