"""The content library from Python: the same file the command line reads."""

import json

import pytest

import ludoforge

CHESS = {"search": {"population": 60, "matings": 1500}}


@pytest.fixture()
def library(tmp_path):
    return ludoforge.Library(tmp_path / "library.sqlite")


def test_results_kept_are_found_by_their_numbers_and_come_back_whole(cli, tmp_path, library):
    kept = {}
    for seed in (1, 2, 3, 4):
        result = ludoforge.run("puzzle-chess", CHESS, seed=seed, files=["svg"])
        (id_,) = library.add(result)
        kept[id_] = result
    # The same content again is not kept twice.
    assert library.add(kept[1]) == [1]
    moves = {i: r.result["min_moves"] for i, r in kept.items()}
    low, high = min(moves.values()), max(moves.values())
    frame = library.query(job="puzzle-chess", where={"min_moves": (low, high)}, sort="min_moves:desc")
    assert sorted(frame.index) == sorted(kept)
    assert list(frame["min_moves"]) == sorted(moves.values(), reverse=True)
    only = library.rows(where={"min_moves": (high, None)})
    assert {r["id"] for r in only} == {i for i, m in moves.items() if m >= high}
    # The command line reads the same file.
    listed = cli("library", "--library", library.path, "list", "--json", cwd=tmp_path).stdout
    assert {row["id"] for row in json.loads(listed)} == set(kept)
    back = library.get(2)
    # The library keeps the document's content (not its layout).
    assert back.result == kept[2].result
    assert back.files["svg"] == kept[2].files["svg"]
    assert back.media_types["svg"] == "image/svg+xml"


def test_an_archive_is_kept_elite_by_elite(library):
    archive = ludoforge.explore("puzzle-chromatic", evaluations=300, seed=2)
    ids = library.add(archive)
    assert len(ids) == len(archive)
    frame = library.query(limit=5, sort="fitness:desc")
    assert len(frame) == 5
    assert list(frame["fitness"]) == sorted((e["fitness"] for e in archive.elites), reverse=True)[:5]


def test_bad_queries_and_rows_raise_with_the_librarys_words(library):
    library.add(ludoforge.run("puzzle-chess", CHESS, seed=1))
    with pytest.raises(KeyError, match="min_moves"):
        library.query(where={"no_such_number": (1, 2)})
    with pytest.raises(KeyError):
        library.get(99)
    with pytest.raises(ValueError, match="KEY:desc"):
        library.rows(sort="min_moves:down")
    with pytest.raises(ValueError):
        library.add({"not": "a result"})
