"""What the trainee points at on the table, for Table mode: a seat, one of its betting
spots, the dealer, or a place on the Pokette layout.

``target_at(view, scene, pos)`` maps a click in any scene view (the card table, the
Winner's Pot table, the Pokette layout; trainer/ui/scene_view.py) to a ``Target``;
``targets_for(scene)`` lists every target in a stable order for keyboard selection (Tab);
``highlight(scene, target)`` is the scene with the target shown selected;
``point_for(view, scene, target)`` is a point that clicks the target (tests, pointers).

Everything is placed with the views' own geometry (``table_layout`` and ``TableLayout``
of trainer/ui/table_view.py, ``pot_rect``/``dealer_spots`` of winners_pot_view.py,
``GEOMETRY``/``canvas_transform`` of pokette/layout_view.py), so a target always matches
what is drawn, at any size.

Targets
- Card tables (``TableScene``, ``WinnersPotScene``): ``Target(seat, spot)`` with ``seat``
  1..N and ``spot`` the scene's spot key (``scene.spots``: "ante", "pair_up", ...) for a
  betting spot; ``Target(seat)`` for anywhere else in the seat's area (its cards, its
  number on the rail); ``Target(DEALER)`` for the dealer's area (the dealer's cards, the
  chip tray, the shoe, the discard rack). Winner's Pot adds the dealer's own ante, bet and
  double (``Target(DEALER, "ante")``, ...) and the winner's pot (``Target(None, "pot")``).
- Pokette (``PoketteScene``) -- the spot keys of Pokette's table round
  (trainer/games/pokette/table_round.py), built on the layout's own names (layout.py):
  * a card or joker of the grid: the section's text, ``str(Section)``: "7s", "Th", "JK1"
    (what ``PoketteLayoutView.section_clicked`` emits; the MARK of the winning card);
  * a wager: ``wager_key(placement)``, the wager of §(e) and what it covers:
    "single card straight up:7s", "split:7s-7c", "corner:Ks-Kc-Qs-Qc", "single rank:7",
    "double rank:8-7", "suit:s", "red", "black", "ace-king-queen rank", "jacer",
    "pair in two" (the label says it for people: "Split 7s-7c"). A player's chip gives
    ``Target(seat, key)`` (the seat whose chip it is: COLLECT and PAY name seat and
    wager); an outside box clicked where no chip lies gives ``Target(None, key)``;
  * a space of the card stand: "stand-1", "stand-2", "stand-3" (the STAND of the card).
  The wheel pose (``scene.wheel``) has no targets.
Nothing there (the room, empty felt, the printed title): None.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QWidget

from trainer.contracts.game import LAYOUT, POT as POT_TABLE
from trainer.core.scene import SeatView, TableScene
from trainer.games.pokette.layout import BLACK, POKER, RANK_GROUPS, RED, SINGLE_RANK, SUIT, default_layout
from trainer.games.pokette.table import COLLECTED, PoketteScene
from trainer.games.pokette.table_round import stand_spot  # the STAND action's spot and label
from trainer.games.pokette.table_round import wager_key
from trainer.games.pokette.wheel import ALL_SECTIONS
from trainer.games.winners_pot.pot import POT  # the winner's pot area: its spot key
from trainer.core.table.actions import DEALER
from trainer.ui.pokette.layout_view import CHIP_R, GEOMETRY, canvas_transform
from trainer.ui.scene_view import view_name, views
from trainer.ui.table_view import table_layout
from trainer.ui.winners_pot_view import DEALER_SPOTS, dealer_spots, pot_rect

STAND_SPACES = 3  # the Pokette card stand's spaces

SPOT_REACH = 1.2  # a betting circle answers a little beyond its printed line (chips overhang it)
# point_for gives a point only where the pixels around it point at the same target.
_STEADY = (QPointF(0, 0), QPointF(-2, 0), QPointF(2, 0), QPointF(0, -2), QPointF(0, 2))


@dataclass(frozen=True)
class Target:
    """A place on the table: ``seat`` (1..N, DEALER = 0, None for a place of the layout)
    and optionally a ``spot`` key; ``label`` says it for people ("Seat 3 · Pair Up")."""

    seat: int | None
    spot: str | None = None
    label: str = field(default="", compare=False)


# ------------------------------------------------------------------------ dispatch
def _kind(scene: object) -> str | None:
    """How a click on ``scene``'s view is read: the hit-testing strategy its view's spec
    names (TABLE, POT, LAYOUT of trainer/contracts/game.py), None for no known view."""
    if scene is None:
        return None
    view = views().get(view_name(scene))
    return view.hit_test if view is not None else None


def _size(view: QWidget) -> tuple[float, float]:
    current = getattr(view, "current_view", None)  # a SceneView: the page showing the scene
    if callable(current) and current() is not None:
        view = current()
    return float(view.width()), float(view.height())


def target_at(view: QWidget, scene: object, pos: QPointF) -> Target | None:
    """What is under ``pos`` (widget coordinates of ``view``) in ``scene`` as ``view`` draws it."""
    kind = _kind(scene)
    if kind is None:
        return None
    width, height = _size(view)
    if width <= 0 or height <= 0:
        return None
    pos = QPointF(pos)
    if kind == LAYOUT:
        return _pokette_target(scene, width, height, pos)
    return _table_target(scene, width, height, pos, winners_pot=kind == POT_TABLE)


def point_for(view: QWidget, scene: object, target: Target) -> QPointF | None:
    """A point of ``view`` where ``target_at`` gives ``target`` (the middle of its area
    when that is free: a spot's circle, a seat's cards, the dealer's cards, a Pokette
    card beside its middle, a chip's centre), or None when the scene has no such place."""
    kind = _kind(scene)
    if kind is None:
        return None
    width, height = _size(view)
    if kind == LAYOUT:
        places = _pokette_places(scene, width, height, target)
    else:
        places = _table_places(scene, width, height, target, winners_pot=kind == POT_TABLE)
    for point, area in places:
        for q in [point] + _grid(area):
            q = QPointF(round(q.x()), round(q.y()))  # a whole pixel, as a mouse clicks
            if all(target_at(view, scene, q + d) == target for d in _STEADY):
                return q
    return None


def _grid(area: QRectF, n: int = 9) -> list[QPointF]:
    return [QPointF(area.left() + area.width() * (i + 0.5) / n, area.top() + area.height() * (j + 0.5) / n)
            for j in range(n) for i in range(n)]


def _circle(centre: QPointF, radius: float) -> QRectF:
    return QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)


def targets_for(scene: object) -> list[Target]:
    """Every target of ``scene`` in a stable order: the occupied seats ascending, each
    followed by its spots, then the dealer (and, at Winner's Pot, the dealer's spots and
    the pot). Pokette: the players' chips (seat, then layout order), every card and joker
    of the grid in layout order, the outside wagers, the spaces of the card stand."""
    kind = _kind(scene)
    if kind is None:
        return []
    if kind == LAYOUT:
        return _pokette_targets(scene)
    return _table_targets(scene, winners_pot=kind == POT_TABLE)


def highlight(scene: object, target: Target | None) -> object:
    """A copy of ``scene`` with ``target`` shown: a card table's seat or the dealer ringed,
    a Pokette card outlined, a Pokette chip lit or the cards an outside wager covers
    outlined. Anything the scene cannot show is returned unchanged."""
    if target is None or scene is None:
        return scene
    if isinstance(scene, TableScene):
        return _table_highlight(scene, target)
    if isinstance(scene, PoketteScene):
        return _pokette_highlight(scene, target)
    return scene


# ------------------------------------------------------------------ the card tables
def seat_label(seat: int) -> str:
    return "Dealer" if seat == DEALER else f"Seat {seat}"


def _occupied(scene: TableScene) -> list[int]:
    return sorted(s.seat for s in scene.seats if s.occupied and 1 <= s.seat <= scene.seat_count)


def _near(point: QPointF, centre: QPointF, radius: float) -> bool:
    d = point - centre
    return d.x() * d.x() + d.y() * d.y() <= radius * radius


def _table_target(scene: TableScene, width: float, height: float, pos: QPointF, *,
                  winners_pot: bool) -> Target | None:
    lay = table_layout(scene, width, height)
    # the seats: their betting spots first, then the rest of each seat's area
    for geo in lay.seats:
        for spot, g in zip(scene.spots, geo.spots):
            if _near(pos, g.center, g.radius * SPOT_REACH) or g.label_rect.contains(pos):
                return Target(geo.number, spot.key, f"{seat_label(geo.number)} · {spot.label}")
    for geo in lay.seats:
        margin = 3 * lay.scale  # the ring drawn around a highlighted seat
        if geo.cell.adjusted(-margin, -margin, margin, margin).contains(pos) or _near(
                pos, geo.anchor, max(5.0, geo.marker_radius) * 1.2):
            return Target(geo.number, None, seat_label(geo.number))
    if winners_pot:
        for key, label, centre, radius in dealer_spots(lay):
            if _near(pos, centre, radius * SPOT_REACH):
                return Target(DEALER, key, f"Dealer · {label}")
        if pot_rect(lay).contains(pos):
            return Target(None, POT, "Winner's pot")
    if any(r.contains(pos) for r in lay.dealer_zone) or lay.dealer_label.contains(pos):
        return Target(DEALER, None, seat_label(DEALER))
    return None


def _table_places(scene: TableScene, width: float, height: float, target: Target, *,
                  winners_pot: bool) -> list[tuple[QPointF, QRectF]]:
    """Where ``target`` is drawn: (its middle, its area) candidates."""
    lay = table_layout(scene, width, height)
    if target.seat == DEALER:
        if target.spot is None:
            return [(lay.dealer_cards_area.center(), lay.dealer_zone[1])]
        if winners_pot:
            return [(c, _circle(c, r)) for key, _, c, r in dealer_spots(lay) if key == target.spot]
        return []
    if target.seat is None:
        if winners_pot and target.spot == POT:
            rect = pot_rect(lay)
            return [(rect.center(), rect)]
        return []
    if not 1 <= target.seat <= len(lay.seats):
        return []
    geo = lay.seat(target.seat)
    if target.spot is None:
        return [(geo.cards_area.center(), geo.cell)]
    return [(g.center, _circle(g.center, g.radius)) for spot, g in zip(scene.spots, geo.spots)
            if spot.key == target.spot]


def _table_targets(scene: TableScene, *, winners_pot: bool) -> list[Target]:
    out: list[Target] = []
    for n in _occupied(scene):
        out.append(Target(n, None, seat_label(n)))
        out.extend(Target(n, s.key, f"{seat_label(n)} · {s.label}") for s in scene.spots)
    out.append(Target(DEALER, None, seat_label(DEALER)))
    if winners_pot:
        out.extend(Target(DEALER, key, f"Dealer · {label}") for key, label in DEALER_SPOTS)
        out.append(Target(None, POT, "Winner's pot"))
    return out


def _table_highlight(scene: TableScene, target: Target) -> TableScene:
    if target.seat == DEALER:
        return replace(scene, dealer_highlight=True)
    if target.seat is None or not 1 <= target.seat <= scene.seat_count:
        return scene
    seats = list(scene.seats)
    for i, view in enumerate(seats):
        if view.seat == target.seat:
            seats[i] = replace(view, highlight=True)
            break
    else:  # a scene that lists only some seats: ring the empty one
        seats.append(SeatView(target.seat, occupied=False, highlight=True))
        seats.sort(key=lambda v: v.seat)
    return replace(scene, seats=tuple(seats))


# ------------------------------------------------------------------------- Pokette
def placement_key(placement) -> str:
    """A Pokette wager's spot key, as Pokette's table round names it ("split:7s-7c", "red")."""
    return wager_key(placement)


@cache
def _outside_boxes() -> tuple[tuple[object, QRectF], ...]:
    """Each outside wager of the layout (a ``Placement``) with its printed box, in layout
    order: single ranks, rank groups, suits, colours, the poker hand wagers."""
    lay = default_layout()
    boxes: list[tuple[object, QRectF]] = []
    boxes += [(p, GEOMETRY.rank_box(p.ranks[0])) for p in lay.placements(SINGLE_RANK)]
    boxes += [(lay.place(w), GEOMETRY.group_box(w)) for w in RANK_GROUPS]
    boxes += [(p, GEOMETRY.suit_box(p.suit)) for p in lay.placements(SUIT)]
    boxes += [(lay.place(w), GEOMETRY.colour_box(w)) for w in (BLACK, RED)]
    boxes += [(lay.place(w), GEOMETRY.poker_row(w)) for w in POKER]
    return tuple(boxes)


@cache
def _sections() -> dict[str, object]:
    """Every card and joker of the grid by its text ("7s", "JK1"), in layout order."""
    return {str(s): s for s in default_layout().in_layout_order(ALL_SECTIONS)}


def _section_label(text: str) -> str:
    name = _sections()[text].name()
    return name[0].upper() + name[1:]


def _chip_target(chip) -> Target:
    return Target(chip.seat, placement_key(chip.placement), f"{seat_label(chip.seat)} · {chip.placement.label()}")


def _box_target(placement) -> Target:
    return Target(None, placement_key(placement), placement.label())


def _stand_target(space: int) -> Target:
    key, label = stand_spot(space)
    return Target(None, key, label[0].upper() + label[1:])


def _pokette_target(scene: PoketteScene, width: float, height: float, pos: QPointF) -> Target | None:
    if scene.wheel is not None:
        return None
    inverse, ok = canvas_transform(width, height).inverted()
    if not ok:
        return None
    q = inverse.map(pos)
    centres = GEOMETRY.chip_centres(scene.chips)
    for i in reversed(range(len(centres))):  # the chip drawn on top first
        if scene.chips[i].state != COLLECTED and _near(q, centres[i], CHIP_R + 2):
            return _chip_target(scene.chips[i])
    for text, s in _sections().items():
        if GEOMETRY.cell(s).contains(q):
            return Target(None, text, _section_label(text))
    for placement, box in _outside_boxes():
        if box.contains(q):
            return _box_target(placement)
    for i in range(STAND_SPACES):
        if GEOMETRY.stand_slot(i).adjusted(-4, -4, 4, 4).contains(q):
            return _stand_target(i + 1)
    return None


def _pokette_places(scene: PoketteScene, width: float, height: float,
                    target: Target) -> list[tuple[QPointF, QRectF]]:
    if scene.wheel is not None or target.spot is None:
        return []
    t = canvas_transform(width, height)
    out: list[tuple[QPointF, QRectF]] = []
    if target.seat is not None:  # a player's chip
        centres = GEOMETRY.chip_centres(scene.chips)
        for chip, c in zip(scene.chips, centres):
            if chip.state != COLLECTED and _chip_target(chip) == target:
                out.append((c, _circle(c, CHIP_R)))
    elif target.spot in _sections():
        cell = GEOMETRY.cell(_sections()[target.spot])
        out.append((QPointF(cell.left() + cell.width() * 0.25, cell.center().y()), cell))
    else:
        for i in range(STAND_SPACES):
            if _stand_target(i + 1) == target:
                slot = GEOMETRY.stand_slot(i)
                out.append((slot.center(), slot))
        for placement, box in _outside_boxes():
            if placement_key(placement) == target.spot:
                out.append((QPointF(box.left() + 12, box.top() + min(20.0, box.height() / 2)), box))
    return [(t.map(point), t.mapRect(area)) for point, area in out]


def _pokette_targets(scene: PoketteScene) -> list[Target]:
    if scene.wheel is not None:
        return []
    lay = default_layout()
    order = {placement_key(p): i for i, p in enumerate(lay.all_placements)}
    chips = [c for c in scene.chips if c.state != COLLECTED]
    chips.sort(key=lambda c: (c.seat, order.get(placement_key(c.placement), len(order)), placement_key(c.placement)))
    out = list(dict.fromkeys(_chip_target(c) for c in chips))
    out += [Target(None, text, _section_label(text)) for text in _sections()]
    out += [_box_target(p) for p, _ in _outside_boxes()]
    out += [_stand_target(i + 1) for i in range(STAND_SPACES)]
    return out


def _pokette_highlight(scene: PoketteScene, target: Target) -> PoketteScene:
    if target.spot is None:
        return scene
    if target.seat is not None:  # a player's chip: light it
        chips = tuple(replace(c, highlight=True) if c.seat == target.seat and placement_key(c.placement) == target.spot
                      else c for c in scene.chips)
        return replace(scene, chips=chips) if chips != scene.chips else scene
    if target.spot in _sections():
        sections = (_sections()[target.spot],)
    else:  # an outside wager outlines the cards it covers (a poker hand wager covers none)
        placement = next((p for p, _ in _outside_boxes() if placement_key(p) == target.spot), None)
        sections = default_layout().in_layout_order(placement.covered) if placement is not None else ()
    added = tuple(str(s) for s in sections if str(s) not in scene.selected)
    return replace(scene, selected=scene.selected + added) if added else scene


__all__ = ["POT", "Target", "highlight", "placement_key", "point_for", "seat_label", "target_at",
           "targets_for"]
