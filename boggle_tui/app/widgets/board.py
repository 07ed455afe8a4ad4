"""The board: a grid of dice that light up along a path, show a heat map, and take clicks."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from boggle_tui.app.widgets.letters import big_text
from boggle_tui.engine.alphabets import ENGLISH, Alphabet
from boggle_tui.engine.board import BLANK, Board, Cell, display_face


class Die(Static):
    """One die. Its state is shown through CSS classes: -lit, -start, -chosen, -blank, -heat-N."""

    def __init__(self, cell: Cell, face: str, size: DiceSize, alphabet: Alphabet = ENGLISH) -> None:
        super().__init__(classes="die -blank" if face == BLANK else "die")
        self.cell = cell
        self.shown = display_face(face, alphabet=alphabet)  # Ñ, Ł, IJ
        self.resize_to(size)

    def resize_to(self, size: DiceSize) -> None:
        """Take the size's width and height, and draw the face at its scale (plain text at scale 0)."""
        self.styles.width, self.styles.height = size.width, size.height
        self.set_class(size.flat, "-flat")
        self.update(big_text(self.shown, size.scale) if size.scale else self.shown)

    @on(Click)
    def clicked(self) -> None:
        self.post_message(BoardView.DieClicked(self.cell))


class BoardView(Grid):
    """Draws a Board, turned by `rotation` quarter turns; cells are always the board's own."""

    @dataclass
    class DieClicked(Message):
        cell: Cell

    lit: reactive[tuple[Cell, ...]] = reactive(())
    chosen: reactive[Cell | None] = reactive(None)
    heat: reactive[tuple[int, ...]] = reactive(())
    rotation: reactive[int] = reactive(0, init=False)

    def __init__(self, board: Board, *, id: str | None = None) -> None:
        super().__init__(id=id, classes=f"board -size-{max(board.height, board.width)}")
        self.board = board
        self.dice_size = SMALLEST  # until the screen says how much room there is

    def compose(self) -> ComposeResult:
        height, width = self.board.height, self.board.width
        turned = self.rotation % 2 == 1
        self.styles.grid_size_columns = height if turned else width
        self.styles.grid_size_rows = width if turned else height
        for cell in self._display_order():
            yield Die(cell, self.board.faces[cell], self.dice_size, self.board.alphabet)

    def _display_order(self) -> list[Cell]:
        """Board cells in the order they are drawn, row by row, after the rotation."""
        cells = [[self.board.cell(r, c) for c in range(self.board.width)] for r in range(self.board.height)]
        for _ in range(self.rotation % 4):
            cells = [list(row) for row in zip(*reversed(cells), strict=True)]
        return [cell for row in cells for cell in row]

    def fit(self, width: int, height: int) -> None:
        """Choose the largest dice for which the board fits in width x height cells (the smallest if none does)."""
        rows, columns = (self.board.width, self.board.height) if self.rotation % 2 else self.board.shape
        fits = [size for size in DICE_SIZES if columns * size.width <= width and rows * size.height <= height]
        self._resize(fits[0] if fits else SMALLEST)

    def flatten(self) -> None:
        """Flat dice, one row each: for a screen where the board gives way to more (a room's results at 80x24,
        where a 5x5 board of bordered dice left the players' table its header alone)."""
        self._resize(FLAT)

    def _resize(self, size: DiceSize) -> None:
        if size != self.dice_size:
            self.dice_size = size
            self.styles.grid_columns, self.styles.grid_rows = str(size.width), str(size.height)
            for die in self.query(Die):
                die.resize_to(size)

    def extent(self) -> tuple[int, int]:
        """The board's width and height in cells, at its dice's size."""
        rows, columns = (self.board.width, self.board.height) if self.rotation % 2 else self.board.shape
        return columns * self.dice_size.width, rows * self.dice_size.height

    def rotate(self) -> None:
        self.rotation = (self.rotation + 1) % 4

    async def watch_rotation(self) -> None:
        await self.recompose()
        self._refresh_dice()

    def dice(self) -> dict[Cell, Die]:
        return {die.cell: die for die in self.query(Die)}

    def watch_lit(self) -> None:
        self._refresh_dice()

    def watch_chosen(self) -> None:
        self._refresh_dice()

    def watch_heat(self) -> None:
        self._refresh_dice()

    def on_mount(self) -> None:
        self._refresh_dice()

    def _refresh_dice(self) -> None:
        steps = {cell: i for i, cell in enumerate(self.lit, start=1)}
        for cell, die in self.dice().items():
            die.set_class(cell in steps, "-lit")
            die.set_class(bool(self.lit) and cell == self.lit[0], "-start")
            die.set_class(cell == self.chosen, "-chosen")
            count = self.heat[cell] if self.heat else 0
            for level in range(1, 4):
                die.set_class(_heat_level(count) == level, f"-heat-{level}")
            die.border_title = str(steps[cell]) if cell in steps else None
            die.border_subtitle = str(count) if self.heat and count else None

    def on_resize(self) -> None:
        self._refresh_dice()


@dataclass(frozen=True)
class DiceSize:
    """A die's width and height in cells (its border included), and the scale its letter is drawn at:
    0 is the face as text, 1 and more are large letters (letters.py) that fit inside the border."""

    width: int
    height: int
    scale: int = 0

    @property
    def flat(self) -> bool:
        """A die one row high has no border: its state (lit, first, chosen) is shown by its colours alone."""
        return self.height < 3


# Die sizes, largest first: the board uses the largest that fits. About twice as wide as tall, as a
# terminal cell is about half as wide as tall: the dice stay square as they grow.
DICE_SIZES = (
    DiceSize(24, 11, scale=2),
    DiceSize(19, 9, scale=1),
    DiceSize(15, 7, scale=1),
    DiceSize(11, 5),
    DiceSize(9, 3),
    DiceSize(7, 3),
)
SMALLEST = DICE_SIZES[-1]
FLAT = DiceSize(5, 1)  # never chosen by `fit`: only where a screen asks for it (`flatten`)


def _heat_level(count: int) -> int:
    return 0 if count == 0 else 1 if count < 4 else 2 if count < 10 else 3
