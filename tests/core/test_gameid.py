"""Game ids are recognised exactly as before the check moved into C (issue #26: 100,000
kept ids are checked as the statistics are read)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.gameid import GAME_ID_CHARS, GAME_ID_LENGTH, is_game_id, new_game_id


def by_character(value: object) -> bool:
    """The check as it was written first: one character at a time."""
    return (
        isinstance(value, str)
        and len(value) == GAME_ID_LENGTH
        and all(ch in GAME_ID_CHARS for ch in value)
    )


@settings(max_examples=300)
@given(
    st.one_of(
        st.text(alphabet="0123456789abcdefABCDEFg\u0660 ", min_size=30, max_size=34),
        st.text(max_size=40),
        st.integers(),
        st.none(),
        st.just(new_game_id()),
    )
)
def test_is_game_id_agrees_with_the_check_by_character(value: object) -> None:
    assert is_game_id(value) == by_character(value)
