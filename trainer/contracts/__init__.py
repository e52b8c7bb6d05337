"""The neutral layer the games, training, the store and the UI all depend on: what a
question and an answer are (``question``), what a game is (``game``), and the measures of
answers (``measures``). Imports only ``trainer.core`` (and the standard library), so that
no layer above has to import another to share these types."""

from trainer.contracts.question import (
    AMOUNTS, ANSWER_FORMS, CHOICE, FORMS, ORDER, SETTLE, AnswerForm, AnswerResult, Question, form_of,
)
from trainer.contracts.game import DrillSpec, Game, GameSpec, QuestionKind, Skill, ViewSpec

__all__ = ["AMOUNTS", "ANSWER_FORMS", "CHOICE", "FORMS", "ORDER", "SETTLE", "AnswerForm", "AnswerResult", "Question",
           "form_of", "DrillSpec", "Game", "GameSpec", "QuestionKind", "Skill", "ViewSpec"]
