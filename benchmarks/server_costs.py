"""What one room server's hot path costs, in one process: CPU time, steadier than wall time on a loaded machine.

Run: python benchmarks/server_costs.py [--rooms 1000] [--players 4] [--repeat 5]

- encode and decode, microseconds per message, for the messages of a round (the word a player sends; the
  verdict, progress and tick the server sends, which a client decodes) and the lobby;
- a word through the room: the client's frame decoded, judged, its verdict (and progress) encoded;
- the rooms' ticks: `RoomServer.tick` over `--rooms` rooms in a round (no sockets: nothing is written);
- the collector: objects it tracks with the rooms in a round, a full pass over them, the cyclic garbage a
  thousand words leave (0: nothing on the hot path waits for the collector to be freed).

Each figure is the best of `--repeat` runs (CPU time of this process). Runs on any checkout's
`boggle_tui` (PYTHONPATH): the before and after of a change are measured with the same script.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
from collections.abc import Callable

from boggle_tui.engine.dictionary import load_dictionary
from boggle_tui.game.rules import Rules
from boggle_tui.net import messages as m
from boggle_tui.net.room import COUNTDOWN, Room, State
from boggle_tui.net.server import RoomServer


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def best(run: Callable[[], object], loops: int, repeat: int) -> float:
    """Microseconds per call, the best of `repeat` runs of `loops` calls."""
    times = []
    for _ in range(repeat):
        began = time.process_time()
        for _ in range(loops):
            run()
        times.append(time.process_time() - began)
    return min(times) / loops * 1e6


def counts(n: int) -> tuple[m.Count, ...]:
    return tuple(m.Count(id=i + 1, name=f"player {i + 1}", words=i * 3) for i in range(n))


def codec(repeat: int) -> None:
    lobby = m.Lobby(room="room7", settings=m.Settings(seconds=180), description="3 minutes, 3+ letters",
                    players=tuple(m.Seat(id=i, name=f"player {i}", ready=True) for i in range(1, 5)),
                    dictionary_hash="a" * 64)  # fmt: skip
    verdict = m.Judgement(id=41, word="stone", verdict="accepted", points=2)
    server_side = {
        "verdict": verdict,
        "progress (4 players)": m.Progress(players=counts(4)),
        "progress (8 players)": m.Progress(players=counts(8)),
        "tick": m.Tick(remaining=93.5),
        "lobby (4 players)": lobby,
    }
    word = json.dumps({"type": "word", "id": 41, "word": "stone"})
    print("| message | encode, us | decode, us |")
    print("|---|---:|---:|")
    print(f"| word (client's) | {best(lambda: m.encode(m.Word(id=41, word='stone')), 20000, repeat):.2f} | "
          f"{best(lambda: m.decode_client(word), 20000, repeat):.2f} |")  # fmt: skip
    for name, message in server_side.items():
        frame = m.encode(message)
        encoded = best(lambda message=message: m.encode(message), 20000, repeat)  # type: ignore[misc]
        decoded = best(lambda frame=frame: m.decode_server(frame), 20000, repeat)  # type: ignore[misc]
        print(f"| {name} | {encoded:.2f} | {decoded:.2f} |")


def playing_rooms(server: RoomServer, clock: Clock, rooms: int, players: int) -> None:
    enable1 = server.dictionary_for("enable1")
    rng = random.Random(1)
    for r in range(rooms):
        room = Room(f"room{r}", Rules(seconds=600), lambda *_: enable1, now=clock, rng=random.Random(r))
        server.rooms[room.name] = room
        seated = [room.join(f"p{i}")[0] for i in range(players)]
        for p in seated:
            room.set_ready(p, True)
    clock.now += COUNTDOWN
    server.tick()
    for room in server.rooms.values():
        assert room.state is State.PLAYING
        words = list(room.solution.paths) if room.solution else []
        for p in room.players.values():  # a few words found each, as a minute into a round
            for i, word in enumerate(rng.sample(words, min(8, len(words)))):
                room.enter(p, i, word)


def rooms_and_collector(rooms: int, players: int, repeat: int) -> None:
    clock = Clock()
    server = RoomServer(now=clock, dictionaries={"enable1": "enable1"})
    enable1 = load_dictionary("enable1")
    server._dictionaries[("enable1", "en")] = enable1  # read once, as `start` does
    gc.collect()
    made = time.process_time()
    playing_rooms(server, clock, rooms, players)
    print(f"\n{rooms:,} rooms of {players} players dealt in {time.process_time() - made:.2f} s of CPU")

    clock.now += 0.05  # between two of a room's once-a-second ticks: what most of a room's ticks are
    quiet = best(server.tick, 20, repeat)
    told = []
    for _ in range(repeat):
        clock.now += 1.0  # every room tells its players the time
        began = time.process_time()
        server.tick()
        told.append((time.process_time() - began) * 1e6)
    print(f"`RoomServer.tick` over {rooms:,} rooms: {quiet / 1000:.2f} ms ({quiet / rooms:.1f} us a room)")
    print(f"once a second, with the time told: {min(told) / 1000:.2f} ms ({min(told) / rooms:.1f} us a room)")

    room = server.rooms["room0"]
    player = next(iter(room.players.values()))
    words = [*(room.solution.paths if room.solution else ()), "zzzq"] * 50
    frames = [json.dumps({"type": "word", "id": 100 + i, "word": w}) for i, w in enumerate(words)]
    # The rooms' rate limit would turn most of these into "too fast": the path measured is a word judged.
    player.bucket.rate, player.bucket.burst = 1e12, 10**9

    def through(frames: list[str] = frames) -> None:
        for frame in frames:
            word = m.decode_client(frame)
            assert isinstance(word, m.Word)
            room.enter(player, word.id, word.word)

    began = time.process_time()
    through()
    per_word = (time.process_time() - began) / len(frames) * 1e6
    print(f"a word through the room (decoded, judged, verdict encoded; progress when found): {per_word:.1f} us")

    gc.collect()
    tracked = len(gc.get_objects())
    full = []
    for _ in range(repeat):
        began = time.process_time()
        gc.collect()
        full.append(time.process_time() - began)
    print(f"the collector tracks {tracked:,} objects; a full pass over them {min(full) * 1000:.1f} ms")
    gc.disable()
    room.enter(player, 10**6, "x")
    more = [json.dumps({"type": "word", "id": 10**6 + i, "word": w}) for i, w in enumerate(words[:1000])]
    through(more)
    clock.now += 1.0
    server.tick()
    found = gc.collect()
    gc.enable()
    print(f"cyclic garbage left by 1,000 words and a tick of every room: {found} objects")
    if hasattr(gc, "freeze"):
        gc.freeze()
        began = time.process_time()
        gc.collect()
        print(f"after gc.freeze(): a full pass {(time.process_time() - began) * 1000:.2f} ms")
        gc.unfreeze()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    codec(args.repeat)
    rooms_and_collector(args.rooms, args.players, args.repeat)


if __name__ == "__main__":
    main()
