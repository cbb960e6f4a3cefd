"""The memory loop of an agent: add each turn, search before answering, put the context in the prompt.

Run against a running Engram: ENGRAM_GATEWAY (default http://127.0.0.1:8080) and ENGRAM_API_KEY (none while
authentication is off). The model call is left out; the prompt is printed instead.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engram import Engram  # noqa: E402

memory = Engram(os.environ.get("ENGRAM_GATEWAY", "http://127.0.0.1:8080"), os.environ.get("ENGRAM_API_KEY"))
user = os.environ.get("ENGRAM_EXAMPLE_USER", "maya")

# 1. Add each turn, the user's and the agent's own. Waiting for indexing lets the next search see them.
memory.add(
    user,
    "chat-1",
    [
        {"id": "1", "producer": "Maya", "role": "user", "content": "My sister Ines moved to Porto last spring."},
        {"id": "2", "producer": "assistant", "role": "assistant", "content": "Porto is lovely! Does she like it?"},
    ],
    wait_indexed=True,
)

# 2. Search before answering, in a later conversation.
question = "Where does my sister live now?"
found = memory.search(user, question, top_k=5)

# 3. Put the context in the prompt; 4. an empty context means nothing relevant: say so rather than guess.
context = found["context"] or "(nothing relevant remembered)"
print(f"Remembered:\n{context}\n\nUser: {question}")
