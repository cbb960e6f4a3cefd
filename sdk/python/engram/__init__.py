"""Client of Engram, long-term memory for LLM agents: standard library only."""

from engram.client import Engram
from engram.errors import EngramError, FieldError

__all__ = ["Engram", "EngramError", "FieldError"]
