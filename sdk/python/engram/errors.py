"""Errors of the Engram API, as the problem documents it answers."""

from dataclasses import dataclass, field
from typing import List, Optional


@dataclass(frozen=True)
class FieldError:
    """One offending field of a request and what is wrong with it."""

    field: str
    message: str


@dataclass
class EngramError(Exception):
    """A request Engram refused or could not serve: its status, problem type, title, detail and field errors.

    status is 0 when no answer came (the gateway was unreachable or the call timed out).
    """

    status: int
    title: str
    detail: str = ""
    type: str = ""
    errors: List[FieldError] = field(default_factory=list)
    retry_after: Optional[float] = None

    def __str__(self) -> str:
        text = f"{self.status} {self.title}"
        if self.detail:
            text += f": {self.detail}"
        for error in self.errors:
            text += f"\n  {error.field}: {error.message}"
        return text

    @staticmethod
    def from_problem(status: int, problem: dict, retry_after: Optional[float]) -> "EngramError":
        return EngramError(
            status=status,
            title=str(problem.get("title", "")),
            detail=str(problem.get("detail", "")),
            type=str(problem.get("type", "")),
            errors=[FieldError(str(e.get("field", "")), str(e.get("message", ""))) for e in problem.get("errors", [])],
            retry_after=retry_after,
        )
