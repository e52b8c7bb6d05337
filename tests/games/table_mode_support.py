"""What every game's table mode tests do the same way: watch a round to its end."""

from trainer.training.table_mode.watch import WatchRound


def watch_to_the_end(w: WatchRound, *, catch: bool = True) -> WatchRound:
    """Let the app deal the whole round; with ``catch``, stop it at every mistake and
    name the rule and the remedy right (each answer checked), else let them all pass."""
    while not w.finished:
        cur = w.current()
        if catch and cur.mistake is not None:
            caught, _ = w.stop()
            assert caught
            m = cur.mistake
            assert w.answer(m.rule_answer).correct
            assert w.answer(m.remedy).correct
        w.proceed()
    return w
