"""The neutral layer the games, training, the store and the UI all depend on: what a
question and an answer are (``question``), what a game is (``game``), and the measures of
answers (``measures``). Imports only ``trainer.core`` (and the standard library), so that
no layer above has to import another to share these types.

The names below are re-exported from their modules when first asked for
(``from trainer.contracts import Question``), so that importing one module of the
package (the window's style imports ``measures``) does not load the others (issue 17).
A new re-export is one name added to its module's tuple."""

from importlib import import_module

_EXPORTS = {
    "question": ("AMOUNTS", "ANSWER_FORMS", "CHOICE", "FORMS", "ORDER", "SETTLE", "AnswerForm", "AnswerResult",
                 "Question", "form_of"),
    "game": ("DrillSpec", "Game", "GameSpec", "QuestionKind", "Skill", "ViewSpec"),
}
_MODULE_OF = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = list(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
