"""The school's rule texts for these tests: ../shared/rules/ beside the checkout."""

import pytest

# ``rules_folder`` (tests/conftest.py): the texts, or the test skipped with one line.


@pytest.fixture(scope="session")
def library(rules_folder):
    from trainer.rulebook.library import RuleLibrary

    lib = RuleLibrary.load(rules_folder)
    assert not lib.missing, lib.missing
    return lib
