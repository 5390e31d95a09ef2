"""Ask and tell over game content: candidates the generator's own check accepts, the same
candidates for the same seed and scores on any number of threads and after save/load, and
MAP-Elites whose archive agrees with what it was told."""

import json
import os
import signal
import threading
import time

import numpy
import pytest

import ludoforge

PIECES = {1: "K", 2: "Q", 3: "R", 4: "B", 5: "N", 6: "P"}


def red_squares(mazes):
    """A researcher's own score: how many red squares (colour 0) a chromatic maze has."""
    return [float((m.board == 0).sum()) for m in mazes]


def run_rounds(search, rounds, score):
    """Asks and tells `rounds` times; returns every document asked, in order."""
    asked = []
    for _ in range(rounds):
        batch = search.ask()
        asked.extend(json.dumps(c, sort_keys=True) for c in batch)
        search.tell(score(batch))
    return asked


def test_the_generators_are_named():
    names = [name for name, _ in ludoforge.search.generators()]
    for expected in ("puzzle-chess", "puzzle-chromatic", "gloomhaven", "portals", "risk-design", "vector"):
        assert expected in names


def test_every_maze_asked_is_solved_by_the_command_line(cli, tmp_path):
    # The solver reads each document as a puzzle file; a candidate it could not solve would
    # fail the run. Its fewest moves agree with the generator's own evaluation.
    search = ludoforge.Search("puzzle-chess", {"board": {"width": 6, "height": 6}}, batch=6, seed=4)
    for _ in range(3):
        batch = search.ask()
        evaluated = search.evaluate()
        for i, (maze, own) in enumerate(zip(batch, evaluated)):
            assert "rejected" not in own, own
            path = tmp_path / f"m{i}.json"
            path.write_text(json.dumps(dict(maze)))
            cli("puzzle", "solve", str(path), "-o", f"a{i}.json", cwd=tmp_path)
            answer = json.loads((tmp_path / f"a{i}.json").read_text())
            assert answer["min_moves"] == own["fitness"] == own["descriptors"][0]
        search.tell([e["fitness"] for e in evaluated])


def test_a_chess_board_array_is_its_document():
    search = ludoforge.Search("puzzle-chess", {"pieces": "2N,R,B"}, batch=3, seed=1)
    for maze in search.ask():
        board = maze.board
        assert board.shape == (maze["height"], maze["width"])
        placed = sorted(
            (PIECES[int(board[maze["height"] - int(sq[1:]), ord(sq[0]) - ord("a")])], sq)
            for sq in (p["square"] for p in maze["pieces"])
        )
        assert placed == sorted((p["piece"], p["square"]) for p in maze["pieces"])
        assert int((board > 0).sum()) == len(maze["pieces"]) == 4


@pytest.mark.parametrize(
    "generator", ["puzzle-chess", "puzzle-chromatic", "gloomhaven", "portals", "risk-design", "vector"]
)
def test_defaults_run(generator):
    search = ludoforge.Search(generator, batch=4, seed=2)
    batch = search.ask()
    assert len(batch) == 4
    search.tell([1.0, 2.0, 3.0, 4.0])
    assert search.best[1] == 4.0
    assert search.iteration == 1


def test_same_seed_and_scores_same_candidates_on_one_and_two_threads():
    runs = [
        run_rounds(
            ludoforge.Search("puzzle-chromatic", {"board": {"width": 7, "height": 7}}, batch=10, seed=9, threads=t),
            5,
            red_squares,
        )
        for t in (1, 2)
    ]
    assert runs[0] == runs[1]
    assert len(set(runs[0])) > 10  # the search moves on


def test_an_archive_is_the_same_on_one_and_two_threads():
    def run(threads):
        archive = ludoforge.GridArchive([8, 8], [(0, 49), (0, 6)], names=["red", "corner"])
        search = ludoforge.Search(
            "puzzle-chromatic", {"board": {"width": 7, "height": 7}}, archive=archive, batch=16,
            seed=3, crossover=0.3, threads=threads,
        )
        for _ in range(8):
            mazes = search.ask()
            search.tell(red_squares(mazes), [[float((m.board == 0).sum()), float(m.board[0, 0])] for m in mazes])
        return search.elites, search.stats

    assert run(1) == run(2)


def test_save_and_load_goes_on_with_the_same_candidates(tmp_path):
    params = {"board": {"width": 7, "height": 7}}
    archive = ludoforge.GridArchive([6, 6], [(0, 24), (0, 49)], names=["red", "first"])

    def score(batch):
        return red_squares(batch)

    def descriptors(batch):
        return [[float((m.board == 0).sum()), float(m.board[0, 0])] for m in batch]

    def rounds(search, n):
        asked = []
        for _ in range(n):
            batch = search.ask()
            asked.extend(json.dumps(c, sort_keys=True) for c in batch)
            search.tell(score(batch), descriptors(batch))
        return asked

    a = ludoforge.Search("puzzle-chromatic", params, archive=archive, batch=8, seed=5)
    rounds(a, 3)
    a.ask()  # a batch asked but not yet told is saved too
    a.save(tmp_path / "s.json")
    b = ludoforge.Search.load(tmp_path / "s.json")
    assert b.generator == "puzzle-chromatic" and b.iteration == 3
    assert rounds(a, 3) == rounds(b, 3)
    assert a.stats == b.stats
    with pytest.raises(ValueError, match="not a saved ludoforge search"):
        (tmp_path / "bad.json").write_text('{"format": "something else"}')
        ludoforge.Search.load(tmp_path / "bad.json")


def test_map_elites_keeps_the_best_told_in_each_cell():
    archive = ludoforge.GridArchive([4, 4], [(0, 4), (0, 4)], names=["a", "b"])
    search = ludoforge.Search("vector", {"dims": 2, "sigma": 1.0}, archive=archive, batch=50, seed=3)
    told = {}
    for _ in range(6):
        points = search.ask()
        assert points.shape == (50, 2)
        fitness = -numpy.abs(points).sum(axis=1)
        measures = numpy.abs(points)
        search.tell(fitness, measures)
        for f, (x, y) in zip(fitness, measures):
            cell = (min(int(x), 3), min(int(y), 3))
            told[cell] = max(told.get(cell, -numpy.inf), f)
    frame = search.to_pandas()
    assert len(frame) == len(told) == search.stats["elites"]
    for _, row in frame.iterrows():
        assert row["fitness"] == told[(row["a_index"], row["b_index"])]
        assert row["fitness"] == pytest.approx(-sum(abs(x) for x in row["content"]))
    assert search.stats["qd_score"] == pytest.approx(sum(told.values()))
    assert search.stats["coverage"] == len(told) / 16
    svg = search.heatmap()
    assert "<svg" in svg[:100] and f"{len(told)} elites" in svg
    assert search._repr_svg_() == svg
    assert ludoforge.Search("vector", {"dims": 2}).heatmap() is None


def test_without_an_archive_it_keeps_the_best_and_climbs():
    search = ludoforge.Search("vector", {"dims": 3, "x0": 3.0, "sigma": 0.3}, batch=20, seed=1)
    for _ in range(60):
        points = search.ask()
        search.tell(-(points**2).sum(axis=1))
    point, fitness = search.best
    assert fitness > -0.1 and fitness == pytest.approx(-sum(x * x for x in point))


def test_bounds_clip_every_coordinate():
    search = ludoforge.Search("vector", {"dims": 5, "sigma": 10.0, "bounds": [-1, 1]}, batch=30, seed=2)
    points = search.ask()
    assert points.min() >= -1 and points.max() <= 1


def test_refusals_speak_the_generators_words():
    with pytest.raises(ValueError, match="pieces"):
        ludoforge.Search("puzzle-chess", {"pieces": "7X"})
    with pytest.raises(ValueError, match="no generator"):
        ludoforge.Search("noughts")
    with pytest.raises(ValueError, match="sigma"):
        ludoforge.Search("vector", {"sigma": 0})
    search = ludoforge.Search("vector", {"dims": 2}, batch=3)
    with pytest.raises(ValueError, match="ask for a batch first"):
        search.tell([1.0, 2.0, 3.0])
    search.ask()
    with pytest.raises(ValueError, match="2 fitness values for a batch of 3"):
        search.tell([1.0, 2.0])
    grid = ludoforge.Search("vector", {"dims": 2}, archive=ludoforge.GridArchive([2, 2], [(0, 1), (0, 1)]), batch=3)
    grid.ask()
    with pytest.raises(ValueError, match="needs descriptors"):
        grid.tell([1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="3 descriptors a candidate for a grid of 2 axes"):
        grid.tell([1.0, 2.0, 3.0], [[0.0, 0.0, 0.0]] * 3)
    with pytest.raises(ValueError, match="batch = 0"):
        ludoforge.Search("vector", batch=0)


def test_ctrl_c_stops_the_generators_own_evaluation_within_a_second():
    # 400 Risk variants, each playtested over 300 matches: about 4 s of work, each candidate
    # a small part of it.
    search = ludoforge.Search("risk-design", {"matches": 300}, batch=400, seed=1)
    search.ask()
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        search.evaluate()
    elapsed = time.monotonic() - started
    timer.join()
    assert elapsed < 1.5, f"stopped {elapsed:.2f} s after it started (0.5 s after Ctrl-C would be 0.5)"
    # The batch is still there to evaluate or tell.
    assert len(search.ask()) == 400
