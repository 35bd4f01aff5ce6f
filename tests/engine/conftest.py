"""Every refusal met here carries a code of its game and its values (tests/refusal_check.py)."""

from tests.refusal_check import every_refusal_has_a_code

__all__ = ["every_refusal_has_a_code"]
