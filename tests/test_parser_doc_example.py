"""The example at the top of ``mtgasp.parser`` (its module docstring) runs as written: a
doctest, so the first thing a reader sees of the parser stays true (CR 106.4: "{T}: Add {G}."
adds one green mana)."""

import doctest

import mtgasp.parser


def test_parser_module_example_runs_as_written():
    result = doctest.testmod(mtgasp.parser, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0
