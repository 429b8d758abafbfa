"""The tour in `docs/python.md` runs as written: its Python blocks are
doctests, run against the installed package."""

import doctest
import re
from pathlib import Path

TOUR = Path(__file__).resolve().parents[3] / "docs" / "python.md"


def _blocks():
    text = TOUR.read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_tour_has_examples():
    assert sum(block.count(">>> ") for block in _blocks()) >= 15


def test_the_tour_runs_as_written():
    # One session, as a reader types the blocks in order.
    session = "\n".join(_blocks())
    test = doctest.DocTestParser().get_doctest(session, {}, "python.md", str(TOUR), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 15
    assert result.failed == 0, f"{result.failed} example(s) of the tour failed (output above)"
