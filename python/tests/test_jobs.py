"""The jobs from Python: the same jobs, bytes and refusals as the command line."""

import json
import os
import signal
import threading
import time

import pytest

import ludoforge

# Small runs of every generator: (job, parameters).
QUICK = [
    ("puzzle-chess", {"search": {"population": 60, "matings": 1500}}),
    ("puzzle-chromatic", {"board": {"width": 9, "height": 9}, "search": {"population": 60, "matings": 1500}}),
    ("portals", {}),
    ("stock", {"generate": "caves", "width": 40, "height": 24}),
    ("gloomhaven", {"cycles": 60}),
    ("risk-map", {"names": True}),
    ("risk-design", {"generations": 1, "offspring": 4}),
]


def test_the_jobs_are_the_command_lines(cli, tmp_path):
    listed = [line.split()[0] for line in cli("list", cwd=tmp_path).stdout.splitlines()]
    assert [job.id for job in ludoforge.jobs()] == listed
    schema = ludoforge.describe("puzzle-chess")
    assert schema == json.loads(cli("describe", "puzzle-chess", cwd=tmp_path).stdout)
    assert "search" in schema["properties"]


@pytest.mark.parametrize("job,params", QUICK, ids=[job for job, _ in QUICK])
def test_a_run_makes_the_command_lines_bytes(cli, tmp_path, job, params):
    (tmp_path / "p.json").write_text(json.dumps(params))
    cli("run", job, "--params", "p.json", "--seed", "7", "-o", "r.json", "--svg", "r.svg", cwd=tmp_path)
    result = ludoforge.run(job, params, seed=7)
    assert result.seed == 7
    assert result.result_bytes == (tmp_path / "r.json").read_bytes()
    assert result.files["svg"] == (tmp_path / "r.svg").read_bytes()
    assert result._repr_svg_().startswith("<?xml")
    assert result.ending == "done"
    assert result.summary["seed"] == 7


def test_a_puzzle_file_is_solved_and_printed_as_on_the_command_line(cli, tmp_path):
    maze = ludoforge.run("puzzle-chess", QUICK[0][1], seed=3)
    (tmp_path / "m.json").write_bytes(maze.result_bytes)
    cli("puzzle", "solve", "m.json", "-o", "s.json", "--pdf", "s.pdf", cwd=tmp_path)
    solved = ludoforge.run("puzzle-solve", {"puzzle": maze.result_bytes.decode()}, seed=0, files=["pdf"])
    assert solved.result_bytes == (tmp_path / "s.json").read_bytes()
    assert solved.files["pdf"] == (tmp_path / "s.pdf").read_bytes()
    assert solved.result["min_moves"] == maze.result["min_moves"]


def test_content_is_checked_and_suggested_around_as_on_the_command_line(cli, tmp_path):
    maze = ludoforge.run("puzzle-chromatic", QUICK[1][1], seed=4)
    (tmp_path / "m.json").write_bytes(maze.result_bytes)
    cli("check", "m.json", "-o", "c.json", cwd=tmp_path)
    checked = ludoforge.run("check", {"content": maze.result_bytes.decode()}, seed=1)
    assert checked.result_bytes == (tmp_path / "c.json").read_bytes()
    assert checked.result["valid"] is True
    assert checked.result["measures"]["min_moves"] == maze.result["min_moves"]
    # An edit that walls the entrance in: refused as a maze, named, and ended as invalid.
    # a1 red, b1 and a2 green: green is opposite red on the wheel, so a1 has no move.
    rows = list(maze.result["puzzle"]["rows"])
    rows[-1] = "RG" + rows[-1][2:]
    rows[-2] = "G" + rows[-2][1:]
    edited = dict(maze.result["puzzle"], rows=rows)
    cut = ludoforge.run("check", {"content": edited}, seed=1)
    assert cut.ending == "invalid"
    assert cut.result["valid"] is False
    assert cut.result["problem"]["at"][0] == maze.result["puzzle"]["exit"]
    # Suggestions around the maze keep the locked squares, as `ludoforge suggest` does.
    cli("suggest", "m.json", "--lock", "a1:c3", "--evaluations", "500", "--seed", "2", "-o", "s.json", cwd=tmp_path)
    shelf = ludoforge.run(
        "puzzle-chromatic-explore",
        {
            "start": {"content": maze.result_bytes.decode(), "name": "m.json"},
            "lock": ["a1:c3"],
            "explore": {"evaluations": 500},
        },
        seed=2,
    )
    assert shelf.result_bytes == (tmp_path / "s.json").read_bytes()
    for elite in shelf.result["elites"]:
        assert [row[:3] for row in elite["result"]["puzzle"]["rows"][-3:]] == [
            row[:3] for row in maze.result["puzzle"]["rows"][-3:]
        ]


def test_suggestions_around_a_dungeon_keep_its_locked_cells_as_on_the_command_line(cli, tmp_path):
    stocked = ludoforge.run("stock", {"width": 30, "height": 16}, seed=5)
    (tmp_path / "d.json").write_bytes(stocked.result_bytes)
    cli("suggest", "d.json", "--lock", "0,0:9,15", "--evaluations", "300", "--seed", "3", "-o", "s.json", cwd=tmp_path)
    shelf = ludoforge.run(
        "stock-explore",
        {
            "start": {"content": stocked.result_bytes.decode(), "name": "d.json"},
            "lock": ["0,0:9,15"],
            "explore": {"evaluations": 300},
        },
        seed=3,
    )
    assert shelf.result_bytes == (tmp_path / "s.json").read_bytes()
    first = stocked.result["map"]["rows"]
    walls = lambda rows: [[c == "#" for c in row[:10]] for row in rows]
    for elite in shelf.result["elites"]:
        assert walls(elite["result"]["rows"]) == walls(first)
        # Each is a map `check` stocks to the measures it was shelved by.
        checked = ludoforge.run("check", {"content": elite["result"]}, seed=1)
        assert checked.result["valid"] is True
        for name, value in elite["descriptors"].items():
            assert checked.result["measures"][name] == value


def test_files_are_made_only_when_asked_and_do_not_change_the_result():
    plain = ludoforge.run("stock", QUICK[3][1], seed=2, files=())
    assert plain.files == {}
    drawn = ludoforge.run("stock", QUICK[3][1], seed=2, files=["png", "pdf", "uvtt"], paper="letter")
    assert sorted(drawn.files) == ["pdf", "png", "uvtt"]
    assert drawn.files["png"].startswith(b"\x89PNG")
    assert drawn.files["pdf"].startswith(b"%PDF-")
    assert drawn.result_bytes == plain.result_bytes


def test_the_content_does_not_depend_on_the_threads():
    one = ludoforge.run("puzzle-chromatic", QUICK[1][1], seed=4, threads=1)
    two = ludoforge.run("puzzle-chromatic", QUICK[1][1], seed=4, threads=2)
    assert one.result_bytes == two.result_bytes


def test_a_fresh_seed_is_drawn_and_kept():
    result = ludoforge.run("puzzle-chromatic", QUICK[1][1])
    again = ludoforge.run("puzzle-chromatic", QUICK[1][1], seed=result.seed)
    assert result.result_bytes == again.result_bytes


def test_progress_events_arrive_as_dicts_in_order():
    events = []
    ludoforge.run("puzzle-chess", QUICK[0][1], seed=1, progress=events.append)
    assert events[0]["event"] == "stage"
    done = [e["done"] for e in events if e["event"] == "advance"]
    assert done and done == sorted(done)


def test_a_progress_callback_that_raises_stops_the_run_and_its_error_comes_back():
    def fail(event):
        raise ZeroDivisionError("from the callback")

    with pytest.raises(ZeroDivisionError, match="from the callback"):
        ludoforge.run("puzzle-chess", {"search": {"matings": 10_000_000}}, seed=1, progress=fail)


def test_refusals_raise_with_the_jobs_words():
    with pytest.raises(ValueError, match="population 1: give between 4"):
        ludoforge.run("puzzle-chess", {"search": {"population": 1}}, seed=1)
    with pytest.raises(ValueError, match="paper"):
        ludoforge.run("puzzle-chess", QUICK[0][1], seed=1, paper="a5")
    with pytest.raises(ValueError, match="threads 0: give between 1 and 1024"):
        ludoforge.run("puzzle-chess", QUICK[0][1], seed=1, threads=0)
    with pytest.raises(KeyError, match="puzzle-chess"):
        ludoforge.run("no-such-job")
    with pytest.raises(KeyError):
        ludoforge.describe("no-such-job")


def test_ctrl_c_stops_a_long_run_within_a_second():
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        ludoforge.run("puzzle-chess", {"search": {"matings": 100_000_000}}, seed=1)
    elapsed = time.monotonic() - started
    timer.join()
    assert elapsed < 1.5, f"the run stopped {elapsed:.2f} s after it started (0.5 s after Ctrl-C would be 0.5)"


def test_a_notebook_shows_the_picture_and_the_summary_as_text():
    result = ludoforge.run("risk-map", {"names": True}, seed=1)
    shown = result._repr_html_()
    assert "<svg" in shown and "risk-map" in shown
    assert "<script" not in shown
    assert ludoforge.run("risk-map", seed=1, files=())._repr_svg_() is None
