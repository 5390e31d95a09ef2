"""Explorations from Python: the command line's archive, as frames, arrays and elites."""

import json

import numpy
import pytest

import ludoforge

SMALL = {"evaluations": 400, "seed": 1}


@pytest.fixture(scope="module")
def archive():
    return ludoforge.explore("puzzle-chromatic", **SMALL)


def test_an_exploration_writes_the_command_lines_archive(cli, tmp_path, archive):
    cli("explore", "puzzle-chromatic", "--evaluations", "400", "--seed", "1", "-o", "a.json", cwd=tmp_path)
    assert archive.to_bytes() == (tmp_path / "a.json").read_bytes()
    assert archive.heatmap().startswith("<?xml")
    assert ludoforge.explore("puzzle-chromatic-explore", **SMALL).to_bytes() == archive.to_bytes()


def test_the_frame_and_the_arrays_agree_with_the_archive_file(archive):
    document = json.loads(archive.to_bytes())
    frame = archive.to_pandas()
    assert len(frame) == document["filled"] == len(archive)
    assert sorted(frame.index) == sorted(e["cell"] for e in document["elites"])
    for elite in document["elites"]:
        row = frame.loc[elite["cell"]]
        assert row["fitness"] == elite["fitness"]
        for name, value in elite["descriptors"].items():
            assert row[name] == value
        assert row["measures.dead_ends"] == elite["result"]["measures"]["dead_ends"]
    assert "params.population" not in frame.columns and "seed" not in frame.columns
    arrays = archive.as_arrays()
    assert arrays["descriptors"].shape == (len(archive), 2)
    assert numpy.isclose(arrays["fitness"].sum() - document["qd_score_offset"] * len(archive), document["qd_score"])
    assert archive.coverage == document["coverage"]


def test_an_elite_is_found_by_its_descriptor_values(archive):
    for elite in archive.elites:
        found = archive.elite(**elite["descriptors"])
        assert found is not None and found["cell"] == elite["cell"]
    empty = set(range(50 * 31)) - {e["cell"] for e in archive.elites}
    assert empty
    axes = archive.axes
    # The first axis slowest: cell = i * cells(second) + j.
    cell = min(empty)
    i, j = divmod(cell, axes[1]["cells"])
    width = [(a["high"] - a["low"]) / a["cells"] for a in axes]
    values = {a["name"]: a["low"] + (k + 0.5) * w for a, k, w in zip(axes, (i, j), width)}
    assert archive.cell_of(**values) == cell
    assert archive.elite(**values) is None
    with pytest.raises(KeyError, match="min_moves, decision_points"):
        archive.elite(min_moves=30)


def test_an_archive_saved_loads_back_and_the_command_line_takes_an_elite_from_it(cli, tmp_path, archive):
    archive.save(tmp_path / "saved.json")
    loaded = ludoforge.Archive.load(tmp_path / "saved.json")
    assert loaded.to_bytes() == archive.to_bytes()
    elite = archive.elites[0]
    where = ",".join(f"{k}={v}" for k, v in elite["descriptors"].items())
    cli("explore", "--archive", "saved.json", "--elite", where, "-o", "e.json", cwd=tmp_path)
    assert json.loads((tmp_path / "e.json").read_text()) == elite["result"]


def test_an_exploration_refused_says_why():
    with pytest.raises(ValueError, match="descriptor"):
        ludoforge.explore("puzzle-chromatic", descriptors=["no_such_measure", "min_moves"], evaluations=100, seed=1)
