"""The layout drill on the third card: trainer ruling 35 accepts every loser collected,
then every winner paid, or the non-poker wagers first (losers, then winners), then the
poker hand wagers. The drill lists the first; a trainee who, the non-poker losers in,
goes on to pay a non-poker winner follows the second and is not marked wrong."""

from trainer.games.pokette.drill import LayoutDrill
from trainer.games.pokette.table import COLLECTED, PAID


def _third_card_drills(wanted: int):
    """(drill, results) at the mark step of a third card settling all four kinds."""
    out = []
    for seed in range(400):
        d = LayoutDrill(seed, spins=12, players=6, irregular_chance=0.0, poker_rate=0.9)
        while not d.finished and len(out) < wanted:
            r = d.next_round()
            res = r.settlement.results
            kinds = {(x.bet.placement.is_poker, x.net > 0) for x in res if not x.in_action and x.net != 0}
            d.spun()
            if r.settlement.stand.position == 3 and len(kinds) == 4:
                out.append(d)
                break
            _settle_as_listed(d)
        if len(out) == wanted:
            return out
    raise AssertionError("no drill reached such a third card")


def _settle_as_listed(d):
    d.mark(str(d.round.winner))
    while d.step.kind in ("collect", "pay"):
        for i in d.remaining():
            d.click_chip(i) if d.step.kind == "collect" else d.pay(i, d.payout(i))
    if d.step.kind == "announce":
        d.announce(d.announce_options()[0])


def test_the_drill_accepts_the_other_order_of_ruling_35_on_the_third_card():
    for d in _third_card_drills(3):
        res = d.round.settlement.results
        d.mark(str(d.round.winner))
        start = len(d.results)
        assert d.step.kind == "collect"
        nl = [i for i in d.remaining() if not res[i].bet.placement.is_poker]
        for i in nl:
            assert d.click_chip(i).correct
        nw = next(i for i, x in enumerate(res) if not x.bet.placement.is_poker and x.net > 0)
        fb = d.click_chip(nw)  # the trainee goes on to the non-poker winners
        assert fb.correct and "trainer ruling 35" in fb.message
        assert d.step.kind == "pay" and all(not res[i].bet.placement.is_poker for i in d.remaining())
        order = []
        while d.step.kind in ("collect", "pay"):
            kind = d.step.kind
            for i in d.remaining():
                order.append((kind, res[i].bet.placement.is_poker))
                assert (d.click_chip(i) if kind == "collect" else d.pay(i, d.payout(i))).correct
        assert order == sorted(order, key=lambda k: (k[1], k[0] == "pay"))  # non-poker pays, poker collects, pays
        graded = d.results[start:]
        assert graded and all(r.correct for r in graded)
        assert any("trainer ruling 35" in r.question.citations for r in graded)
        states = {i: d._chip_state.get(i, ("", 0))[0] for i in range(len(res)) if not res[i].in_action}
        assert all(states[i] == (PAID if res[i].net > 0 else COLLECTED) for i in states)


def test_a_winner_taken_in_the_listed_order_is_still_wrong():
    """Before every non-poker loser is in, clicking a non-poker winner takes it: wrong in
    either order."""
    d = _third_card_drills(1)[0]
    res = d.round.settlement.results
    d.mark(str(d.round.winner))
    nw = next(i for i, x in enumerate(res) if not x.bet.placement.is_poker and x.net > 0)
    fb = d.click_chip(nw)
    assert not fb.correct and d.step.kind == "collect"
    assert "non-poker" in fb.message and "trainer ruling 35" in fb.message
