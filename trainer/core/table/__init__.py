"""Table mode's contract, the part the games build (pure Python, importing only
trainer.core): the dealer's verbs and actions with their table effects (``actions``),
the house options, a round's configuration and script and the watch-mode mistakes
(``script``), the difficulty levels (``levels``), the table a round's actions leave
(``table_state``), and the reusable dealer steps a game composes its round from
(``steps``). Grading the trainee, watching and scoring are trainer/training/table_mode.
"""
