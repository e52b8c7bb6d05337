"""The school's rule texts for these tests: ../shared/rules/ beside the checkout."""

from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"


@pytest.fixture(scope="session")
def rules_folder() -> Path:
    if not (RULES / "RULINGS.md").is_file():
        pytest.skip(f"the rule texts are not at {RULES} (a checkout beside shared/rules/; CI has them)")
    return RULES


@pytest.fixture(scope="session")
def library(rules_folder):
    from trainer.rulebook.library import RuleLibrary

    lib = RuleLibrary.load(rules_folder)
    assert not lib.missing, lib.missing
    return lib
