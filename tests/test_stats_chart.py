from boggle_tui.app.widgets.chart import bar_rows


def test_bars_use_a_fixed_scale() -> None:
    rows = bar_rows([0.0, 0.5, 1.0], height=2)
    assert rows == ["      ██", "   ██ ██"]
    assert bar_rows([0.5], height=1) == ["▄▄"]  # half a row: four eighths
