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
