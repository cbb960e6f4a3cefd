"""The Python client against a running Engram (ENGRAM_GATEWAY, ENGRAM_API_KEY), and its retries against a
local stand-in that answers 429 and 503. Runs with `python3 -m unittest` or pytest."""

import http.server
import json
import os
import subprocess
import sys
import threading
import unittest
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engram import Engram, EngramError  # noqa: E402

GATEWAY = os.environ.get("ENGRAM_GATEWAY")
KEY = os.environ.get("ENGRAM_API_KEY")
EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "examples")


@unittest.skipUnless(GATEWAY, "ENGRAM_GATEWAY names no running Engram")
class AgainstEngram(unittest.TestCase):
    def setUp(self):
        self.memory = Engram(GATEWAY, KEY)
        self.user = "py-" + uuid.uuid4().hex[:8]

    def add_chat(self):
        return self.memory.add(
            self.user,
            "chat/1",
            [
                {"id": "1", "producer": "Ana", "content": "I started learning the cello in January."},
                {"id": "2", "producer": "assistant", "content": "How are the lessons going?"},
            ],
            wait_indexed=True,
        )

    def test_an_add_that_waited_is_found_by_the_next_search(self):
        added = self.add_chat()
        self.assertEqual([e["status"] for e in added["episodes"]], ["created", "created"])
        self.assertNotIn("pending", added)
        found = self.memory.search(self.user, "Which instrument is Ana learning?", top_k=3)
        self.assertIn("cello", found["context"])
        self.assertEqual(self.memory.status(self.user)["pending"], 0)

    def test_a_resent_episode_is_a_duplicate_and_a_different_one_under_its_id_a_409(self):
        self.add_chat()
        again = self.memory.add(self.user, "chat/1", [{"id": "1", "producer": "Ana",
                                                     "content": "I started learning the cello in January."}])
        self.assertEqual(again["episodes"][0]["status"], "duplicate")
        with self.assertRaises(EngramError) as refused:
            self.memory.add(self.user, "chat/1", [{"id": "1", "content": "Something else."}])
        self.assertEqual(refused.exception.status, 409)

    def test_bad_input_raises_with_every_field(self):
        with self.assertRaises(EngramError) as refused:
            self.memory.search(self.user, "anything", top_k=0, mode="fast")
        error = refused.exception
        self.assertEqual(error.status, 400)
        self.assertEqual(sorted(e.field for e in error.errors), ["mode", "top_k"])
        self.assertIn("top_k", str(error))

    def test_episodes_are_listed_read_and_deleted(self):
        self.add_chat()
        page = self.memory.episodes(self.user, session_id="chat/1", limit=10)
        self.assertEqual([e["id"] for e in page["episodes"]], ["1", "2"])
        self.assertIn("cello", self.memory.episode(self.user, "1")["content"])
        self.assertIn(self.memory.delete_episode(self.user, "1")["status"], ("complete", "pending"))
        with self.assertRaises(EngramError) as gone:
            self.memory.episode(self.user, "1")
        self.assertEqual(gone.exception.status, 404)

    def test_the_user_and_the_session_are_listed_with_their_counts(self):
        self.add_chat()
        me = self.memory.me()
        self.assertIn("read", me["scopes"])
        users, cursor = [], None
        while True:
            page = self.memory.users(cursor=cursor, limit=100)
            users += page["users"]
            cursor = page["next_cursor"]
            if cursor is None:
                break
        mine = [u for u in users if u["user_id"] == self.user]
        self.assertEqual([(u["stored"], u["pending"], u["sessions"]) for u in mine], [(2, 0, 1)])
        sessions = self.memory.sessions(self.user)["sessions"]
        self.assertEqual([(s["session_id"], s["episodes"]) for s in sessions], [("chat/1", 2)])

    def test_a_corrected_episode_is_found_by_what_it_says_now(self):
        self.add_chat()
        corrected = self.memory.update_episode(
            self.user, "1", {"content": "I started learning the viola in January."}, wait_indexed=True
        )
        self.assertEqual(corrected["status"], "updated")
        self.assertEqual(corrected["episode"]["revision"], 1)
        self.assertNotIn("pending", corrected)
        self.assertIn("viola", self.memory.search(self.user, "Which instrument is Ana learning?", top_k=3)["context"])
        with self.assertRaises(EngramError) as refused:
            self.memory.update_episode(self.user, "1", {"content": " "})
        self.assertEqual([e.field for e in refused.exception.errors], ["content"])

    def test_short_term_profile_and_user_deletion(self):
        self.add_chat()
        short_term = self.memory.short_term(self.user, "chat/1")
        self.assertIn("cello", json.dumps(short_term))
        self.assertIsInstance(self.memory.profile(self.user), dict)
        deletion = self.memory.delete_user(self.user)
        self.assertIn(deletion["status"], ("complete", "pending"))
        self.assertEqual(self.memory.deletion(deletion["id"])["id"], deletion["id"])
        self.assertEqual(self.memory.status(self.user)["stored"], 0)

    def test_the_memory_loop_example_runs(self):
        env = dict(os.environ, ENGRAM_EXAMPLE_USER=self.user)
        run = subprocess.run([sys.executable, os.path.join(EXAMPLES, "memory_loop.py")], env=env,
                             capture_output=True, text=True, timeout=120)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("Porto", run.stdout)


class Scripted(http.server.BaseHTTPRequestHandler):
    """Answers each request with the next scripted (status, headers, body)."""

    answers = []
    seen = []

    def do_GET(self):
        Scripted.seen.append(self.path)
        status, headers, body = Scripted.answers.pop(0)
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(json.dumps(body).encode("utf-8"))

    def log_message(self, *args):
        pass


class Retries(unittest.TestCase):
    def setUp(self):
        self.server = http.server.HTTPServer(("127.0.0.1", 0), Scripted)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.memory = Engram(f"http://127.0.0.1:{self.server.server_port}", "egk_key", retries=2)
        Scripted.seen = []

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()

    def test_429_and_503_are_retried_after_the_advertised_delay(self):
        problem = {"title": "Too Many Requests", "status": 429}
        Scripted.answers = [(429, {"Retry-After": "0"}, problem),
                            (503, {"Retry-After": "0"}, {"title": "Service Unavailable"}),
                            (200, {}, {"user_id": "u", "stored": 1, "indexed": 1, "pending": 0})]
        self.assertEqual(self.memory.status("u")["stored"], 1)
        self.assertEqual(len(Scripted.seen), 3)

    def test_retries_end_with_the_last_refusal(self):
        Scripted.answers = [(503, {"Retry-After": "0"}, {"title": "Service Unavailable", "status": 503})] * 3
        with self.assertRaises(EngramError) as refused:
            self.memory.status("u")
        self.assertEqual(refused.exception.status, 503)
        self.assertEqual(len(Scripted.seen), 3)

    def test_no_answer_is_an_error_with_status_0(self):
        memory = Engram("http://127.0.0.1:9", timeout=2)
        with self.assertRaises(EngramError) as failed:
            memory.status("u")
        self.assertEqual(failed.exception.status, 0)


if __name__ == "__main__":
    unittest.main()
