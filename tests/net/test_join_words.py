"""A host that answers a hello with something other than a welcome is refused in the
player's language (the join line that ``cardtable join`` and the join pop-up show)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.lang import use_language
from cardtable.net.client import JoinError, TableClient
from cardtable.tui.wording import join_failure
from tests.net.test_hostile_host import fake_host, messages


@pytest.fixture
def polish() -> Iterator[None]:
    use_language("pl")
    yield
    use_language("en")


def status_first() -> list[dict[str, object]]:
    return [message for message in messages() if message["type"] == "status"]


async def test_a_host_that_does_not_welcome_is_refused_in_english() -> None:
    async with fake_host(status_first, bye=False) as address:
        with pytest.raises(JoinError) as refused:
            await TableClient(address, "code", max_rate=None).join()
    assert join_failure(refused.value) == "it sent Status first"


async def test_a_host_that_does_not_welcome_is_refused_in_polish(polish: None) -> None:
    async with fake_host(status_first, bye=False) as address:
        with pytest.raises(JoinError) as refused:
            await TableClient(address, "code", max_rate=None).join()
    line = join_failure(refused.value)
    assert "it sent" not in line and "Status" in line
