import pytest

from boggle_tui.engine.scoring import score, total_score


@pytest.mark.parametrize(
    ("word", "points"),
    [("cat", 1), ("cats", 1), ("quite", 2), ("quiets", 3), ("quieter", 5), ("quietest", 11), ("quietnesses", 11)],
)
def test_points_follow_the_length_in_letters(word: str, points: int) -> None:
    assert score(word) == points


def test_total_adds_the_words() -> None:
    assert total_score(["cat", "quite", "quietest"]) == 14


def test_the_shortest_word_is_the_one_asked_else_the_board_s_rule() -> None:
    from boggle_tui.engine.scoring import shortest_word

    assert [shortest_word(None, cells) for cells in (9, 16, 25, 36)] == [3, 3, 4, 4]
    assert shortest_word(5, 16) == 5 and shortest_word(3, 36) == 3  # what was asked stands, on any board


def test_the_rule_is_written_once() -> None:
    """ "The asked minimum length, else the dice's rule" was restated in seven places (`min_length or ...`)."""
    import pathlib

    import boggle_tui

    package = pathlib.Path(boggle_tui.__file__).parent
    restated = [str(p) for p in package.rglob("*.py") if "min_length or" in p.read_text(encoding="utf-8")]
    assert restated == []
