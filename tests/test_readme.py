"""The README's examples run as written."""

import doctest
from pathlib import Path


def test_readme_examples():
    result = doctest.testfile(str(Path(__file__).resolve().parents[1] / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8 and result.failed == 0
