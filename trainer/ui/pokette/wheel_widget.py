"""The Pokette wheel, drawn with pygame and shown inside the Qt window.

pygame draws onto off-screen ``pygame.Surface``s (no pygame window is ever opened:
``SDL_VIDEODRIVER`` is set to ``dummy`` before pygame starts, and only ``pygame.font`` is
initialised), whose pixels become ``QImage``s: the wheel at rest with a section outlined,
drawn whole, and, once per size, the still wheel and the ring of the sections, from which
Qt composes every other frame (the ring turned to the position, the turret's arms, its
cap and the clapper: ``WheelRenderer.paint_frame``). pygame is imported here and nowhere
else in the application.

The picture: a wooden bowl, the 54 sections in the house order (trainer ruling P4), each
a small card face (rank and suit, drawn with polygons: no font needs suit glyphs) on a
red or black section, the two jokers in gold, brass frets between the sections, a
turning turret, and the clapper at the top, which the frets flick as they pass.

The spin: ``WheelWidget.spin(spin)`` animates a ``trainer.games.pokette.wheel.Spin``
whose result the seeded RNG already chose. The wheel accelerates, turns the spin's
revolutions and decelerates smoothly to rest exactly where the spin rests (inside the
winning section, or on the fret between two sections for the irregularity drill). A
``QTimer`` fires every 16 ms and each frame is placed by the elapsed time, so the
animation keeps its length and lands on the same spot whatever the machine; the Qt event
loop is never blocked. Sound: none (optional in the issue, off by default).

Positions are in sections: position ``k`` under the clapper is the centre of section
``k`` of the wheel order; the order runs clockwise around the wheel, so a spin of
direction +1 (the clapper meets the sections in increasing order) turns the wheel
counterclockwise.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from typing import Sequence

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # never a pygame window
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.gfxdraw  # noqa: E402
from PySide6.QtCore import QElapsedTimer, QPointF, QRect, QRectF, QSize, Qt, QTimer, Signal  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPen, QPolygonF, QRegion, QTransform  # noqa: E402
from PySide6.QtWidgets import QSizePolicy, QWidget  # noqa: E402

SECTIONS = 54
STEP = 2 * math.pi / SECTIONS
FPS = 60
FRAME_MS = 16  # the timer interval: ~60 frames per second
BALL_PHASES = 4  # a turret arm's ball is drawn at the nearest quarter pixel
SMOOTH_BELOW = 8.0  # sections per second: slower than this, the card plates are turned with filtering

# Colours (RGB)
RED = (176, 22, 32)
RED_EDGE = (120, 10, 18)
BLACK = (24, 24, 26)
BLACK_EDGE = (6, 6, 8)
GOLD = (212, 175, 55)
GOLD_LIGHT = (246, 222, 140)
GOLD_DARK = (134, 100, 24)
JOKER_FILL = (201, 160, 44)
JOKER_INK = (74, 20, 140)
CARD_FACE = (253, 252, 247)
CARD_RED = (200, 16, 46)
CARD_BLACK = (20, 20, 20)
WOOD_OUT = (58, 30, 14)
WOOD_MID = (122, 70, 34)
WOOD_IN = (92, 50, 22)
FELT_IN = (28, 104, 62)
FELT_OUT = (12, 58, 34)
HIGHLIGHT = (255, 214, 59)

# Radii as fractions of the wheel's radius R.
R_WOOD_IN = 0.885
R_OUT = 0.865  # outer edge of the sections
R_IN = 0.50  # inner edge of the sections
R_PLATE = 0.69  # centre of the card plates
R_HUB = 0.47
R_FRET = 0.845

_fonts_ready: bool | None = None


def _init_fonts() -> bool:
    """pygame.font for the rank letters; without it the ranks are drawn as strokes."""
    global _fonts_ready
    if _fonts_ready is None:
        try:
            pygame.font.init()
            pygame.font.Font(None, 12)
            _fonts_ready = True
        except Exception:  # a pygame without SDL_ttf: draw the ranks with lines
            _fonts_ready = False
    return _fonts_ready


def _mix(a: tuple, b: tuple, t: float) -> tuple:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


# ------------------------------------------------------------------ suit and rank marks
def _suit_polygons(suit: str, cx: float, cy: float, s: float) -> list[tuple[str, object]]:
    """The shapes of a suit symbol ``s`` pixels high centred on (cx, cy): ('poly', pts) and
    ('circle', (x, y, r)) items."""
    out: list[tuple[str, object]] = []
    if suit == "d":
        out.append(("poly", [(cx, cy - s / 2), (cx + s * 0.36, cy), (cx, cy + s / 2), (cx - s * 0.36, cy)]))
    elif suit == "h":
        r = s * 0.26
        out.append(("circle", (cx - r * 0.95, cy - s * 0.18, r)))
        out.append(("circle", (cx + r * 0.95, cy - s * 0.18, r)))
        out.append(("poly", [(cx - s * 0.49, cy - s * 0.1), (cx + s * 0.49, cy - s * 0.1), (cx, cy + s * 0.48)]))
    elif suit == "s":
        r = s * 0.25
        out.append(("circle", (cx - r * 0.95, cy + s * 0.08, r)))
        out.append(("circle", (cx + r * 0.95, cy + s * 0.08, r)))
        out.append(("poly", [(cx - s * 0.48, cy + s * 0.02), (cx + s * 0.48, cy + s * 0.02), (cx, cy - s * 0.5)]))
        out.append(("poly", [(cx, cy + s * 0.05), (cx + s * 0.17, cy + s * 0.5), (cx - s * 0.17, cy + s * 0.5)]))
    elif suit == "c":
        r = s * 0.22
        out.append(("circle", (cx, cy - s * 0.24, r)))
        out.append(("circle", (cx - s * 0.25, cy + s * 0.08, r)))
        out.append(("circle", (cx + s * 0.25, cy + s * 0.08, r)))
        out.append(("poly", [(cx, cy - s * 0.05), (cx + s * 0.17, cy + s * 0.5), (cx - s * 0.17, cy + s * 0.5)]))
    return out


def draw_suit(surface: pygame.Surface, suit: str, cx: float, cy: float, size: float, color: tuple) -> None:
    for kind, shape in _suit_polygons(suit, cx, cy, size):
        if kind == "poly":
            pts = [(round(x), round(y)) for x, y in shape]
            pygame.gfxdraw.filled_polygon(surface, pts, color)
            pygame.gfxdraw.aapolygon(surface, pts, color)
        else:
            x, y, r = shape
            pygame.gfxdraw.filled_circle(surface, round(x), round(y), max(1, round(r)), color)
            pygame.gfxdraw.aacircle(surface, round(x), round(y), max(1, round(r)), color)


# Stroke glyphs for the ranks when no font is available: segments in a 0..1 box.
_STROKES = {
    "A": [((0, 1), (0.5, 0)), ((0.5, 0), (1, 1)), ((0.22, 0.6), (0.78, 0.6))],
    "K": [((0, 0), (0, 1)), ((1, 0), (0, 0.55)), ((0.3, 0.4), (1, 1))],
    "Q": [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (0, 0)), ((0.6, 0.7), (1.1, 1.15))],
    "J": [((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (0, 0.7))],
    "T": [((0, 0), (0, 1)), ((0.35, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0.35, 1)), ((0.35, 1), (0.35, 0))],
    "9": [((1, 0.5), (0, 0.5)), ((0, 0.5), (0, 0)), ((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1))],
    "8": [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0, 1), (0, 0)), ((0, 0.5), (1, 0.5))],
    "7": [((0, 0), (1, 0)), ((1, 0), (0.35, 1))],
    "6": [((1, 0), (0, 0)), ((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0.5)), ((1, 0.5), (0, 0.5))],
    "5": [((1, 0), (0, 0)), ((0, 0), (0, 0.5)), ((0, 0.5), (1, 0.5)), ((1, 0.5), (1, 1)), ((1, 1), (0, 1))],
    "4": [((0.8, 1), (0.8, 0)), ((0.8, 0), (0, 0.65)), ((0, 0.65), (1, 0.65))],
    "3": [((0, 0), (1, 0)), ((1, 0), (1, 1)), ((1, 1), (0, 1)), ((0.3, 0.5), (1, 0.5))],
    "2": [((0, 0), (1, 0)), ((1, 0), (1, 0.5)), ((1, 0.5), (0, 0.5)), ((0, 0.5), (0, 1)), ((0, 1), (1, 1))],
}


# A 6 and a 9 read as each other upside down, and the plates turn all the way round the
# wheel: as printed cards do, each is underlined.
UNDERLINED = frozenset("69")
RANK_Y, RANK_H = 0.27, 0.3  # a card plate's rank: its centre and height, in plate heights


def underline_rect(cx: float, cy: float, height: float) -> pygame.Rect:
    """Where the mark under a 6 or a 9 drawn at (``cx``, ``cy``), ``height`` tall, goes."""
    w = height * 0.62
    thick = max(1, round(height * 0.11))
    top = cy + height * 0.5 + max(1.0, height * 0.1)
    return pygame.Rect(round(cx - w / 2), round(top), max(2, round(w)), thick)


def _draw_rank(surface: pygame.Surface, text: str, cx: float, cy: float, height: float, color: tuple,
               font_cache: dict) -> None:
    label = "10" if text == "T" else text
    if label in UNDERLINED:
        surface.fill(color, underline_rect(cx, cy, height))
    if _init_fonts():
        px = max(6, int(height * 1.32))
        key = (label, px, color)
        img = font_cache.get(key)
        if img is None:
            font = font_cache.get(("font", px))
            if font is None:
                font = pygame.font.Font(None, px)
                font.set_bold(False)
                font_cache[("font", px)] = font
            img = font.render(label, True, color)
            if label == "10":  # narrow the two digits to fit the plate
                img = pygame.transform.smoothscale(img, (max(1, int(img.get_width() * 0.8)), img.get_height()))
            font_cache[key] = img
        surface.blit(img, img.get_rect(center=(round(cx), round(cy + height * 0.06))))
        return
    w = height * 0.62
    width = max(1, round(height * 0.14))
    for (x0, y0), (x1, y1) in _STROKES.get(text, []):
        p0 = (cx - w / 2 + x0 * w, cy - height / 2 + y0 * height)
        p1 = (cx - w / 2 + x1 * w, cy - height / 2 + y1 * height)
        pygame.draw.line(surface, color, p0, p1, width)


# ------------------------------------------------------------------------ the renderer
@dataclass(frozen=True)
class SectionFace:
    text: str  # 'As', 'JK1'

    @property
    def is_joker(self) -> bool:
        return self.text.upper().startswith("JK")

    @property
    def is_red(self) -> bool:
        return not self.is_joker and self.text[1] in "hd"


class WheelRenderer:
    """Draws the wheel at one size (``size`` pixels square) onto pygame Surfaces."""

    def __init__(self, order: Sequence[str], size: int, background: tuple = (0, 0, 0)):
        if len(order) != SECTIONS:
            raise ValueError(f"a Pokette wheel has {SECTIONS} sections, not {len(order)}")
        self.order = tuple(order)
        self.size = max(64, int(size))
        self.faces = tuple(SectionFace(t) for t in self.order)
        self.c = self.size / 2
        self.R = self.size / 2 * 0.985
        self.background = tuple(background[:3])
        self._fonts: dict = {}
        back = pygame.Surface((self.size, self.size), depth=32)  # opaque: no alpha to premultiply per frame
        back.fill(self.background)
        back.blit(self._make_back(), (0, 0))
        self._back = back
        self._frame = pygame.Surface((self.size, self.size), depth=32)
        # The finished frame with an alpha byte of 255 in every pixel, as QImage wants it
        # (a plain 32-bit surface leaves that byte 0).
        self._out = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        front = self._make_front()
        half = math.ceil(self.R * (R_IN + 0.02)) + 2
        self._front_at = (max(0, round(self.c) - half), max(0, round(self.c) - half))
        self._front = front.subsurface(pygame.Rect(*self._front_at, min(2 * half, self.size - self._front_at[0]),
                                                   min(2 * half, self.size - self._front_at[1]))).copy()
        self._plates = [self._make_plate(f) for f in self.faces]
        # Unit vectors of a section's outline, relative to its centre angle.
        n = max(3, int(self.size / 120))
        self._edge_angles = [(-0.5 + j / n) for j in range(n + 1)]
        self._layers: tuple[QImage, QImage, QImage] | None = None  # the turning square, the still wheel, the square half turned
        self._disc_at = 0  # the turning square's corner, in pixels from the frame's corner
        self._turn_clip: QRegion | None = None  # the ring of the turning square that is turned
        self._stills: tuple[tuple[int, int, QImage], ...] = ()  # the cap and the clapper's pivot, drawn by Qt once
        self._balls: list[list[QImage]] = []  # the balls at the turret's arms' tips (``_make_balls``)
        self._blades: dict[tuple, tuple[int, int, QImage]] = {}  # the clapper's blade by its shape (``_qt_clapper``)
        self._ball_reach = 0

    # -- static layers
    def _disc(self, surface: pygame.Surface, r: float, color: tuple, aa: bool = True) -> None:
        c = round(self.c)
        pygame.gfxdraw.filled_circle(surface, c, c, max(1, round(r)), color)
        if aa:
            pygame.gfxdraw.aacircle(surface, c, c, max(1, round(r)), color)

    def _make_back(self) -> pygame.Surface:
        s = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        R = self.R
        # the bowl: a darker rim shading into warm wood
        steps = max(8, int(R * (1 - R_WOOD_IN) / 1.5))
        for i in range(steps + 1):
            t = i / steps
            r = R - t * R * (1 - R_WOOD_IN + 0.01)
            color = _mix(WOOD_OUT, WOOD_MID, min(1.0, t * 1.6)) if t < 0.62 else _mix(WOOD_MID, WOOD_IN, (t - 0.62) / 0.38)
            self._disc(s, r, color + (255,), aa=i == 0)
        self._ring(s, R * 0.992, max(1.0, R * 0.006), (20, 10, 4))
        self._ring(s, R * (R_WOOD_IN - 0.004), max(1.0, R * 0.008), GOLD_DARK)
        self._disc(s, R * R_OUT, BLACK_EDGE + (255,))
        return s

    def _ring(self, surface: pygame.Surface, r: float, width: float, color: tuple) -> None:
        c = round(self.c)
        for k in range(max(1, round(width))):
            pygame.gfxdraw.aacircle(surface, c, c, max(1, round(r - k)), color)

    def _make_front(self) -> pygame.Surface:
        s = pygame.Surface((self.size, self.size), pygame.SRCALPHA)
        R = self.R
        self._disc(s, R * (R_IN + 0.012), GOLD_DARK + (255,))
        self._disc(s, R * (R_IN + 0.004), GOLD + (255,))
        steps = max(10, int(R * R_HUB / 3))
        for i in range(steps + 1):
            t = i / steps
            self._disc(s, R * R_HUB * (1 - t * 0.999), _mix(FELT_OUT, FELT_IN, t ** 0.7) + (255,), aa=i == 0)
        self._ring(s, R * R_HUB * 0.62, max(1.0, R * 0.004), GOLD_DARK)
        return s

    def _make_plate(self, face: SectionFace) -> pygame.Surface:
        R = self.R
        w = max(6, round(2 * R * R_PLATE * math.sin(STEP / 2) * 0.7))
        h = max(10, round(R * 0.255))
        plate = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(2, round(w * 0.16))
        pygame.draw.rect(plate, (0, 0, 0, 60), pygame.Rect(1, 2, w - 1, h - 2), border_radius=radius)
        fill = (255, 246, 214) if face.is_joker else CARD_FACE
        pygame.draw.rect(plate, fill, pygame.Rect(0, 0, w - 1, h - 2), border_radius=radius)
        if face.is_joker:
            ink = JOKER_INK
            star = [(w / 2 + (w * 0.36 if k % 2 == 0 else w * 0.15) * math.sin(k * math.pi / 5),
                     h * 0.34 - (w * 0.36 if k % 2 == 0 else w * 0.15) * math.cos(k * math.pi / 5)) for k in range(10)]
            pts = [(round(x), round(y)) for x, y in star]
            pygame.gfxdraw.filled_polygon(plate, pts, (232, 180, 30))
            pygame.gfxdraw.aapolygon(plate, pts, ink)
            _draw_rank(plate, face.text[2:], w / 2, h * 0.72, h * 0.3, ink, self._fonts)
        else:
            ink = CARD_RED if face.is_red else CARD_BLACK
            _draw_rank(plate, face.text[0], w / 2, h * RANK_Y, h * RANK_H, ink, self._fonts)
            draw_suit(plate, face.text[1], w / 2, h * 0.68, min(w * 0.78, h * 0.36), ink)
        return plate

    # -- a frame
    def _point(self, r: float, angle: float) -> tuple[float, float]:
        return self.c + r * math.sin(angle), self.c - r * math.cos(angle)

    def section_outline(self, k: int, position: float, r_out: float | None = None,
                        r_in: float | None = None) -> list[tuple[int, int]]:
        R = self.R
        r_out = R * R_OUT if r_out is None else r_out
        r_in = R * R_IN if r_in is None else r_in
        mid = (k - position) * STEP
        outer = [self._point(r_out, mid + a * STEP) for a in self._edge_angles]
        inner = [self._point(r_in, mid + a * STEP) for a in reversed(self._edge_angles)]
        return [(round(x), round(y)) for x, y in outer + inner]

    def render(self, position: float, *, highlight: int | None = None, deflection: float = 0.0,
               smooth: bool = True) -> pygame.Surface:
        """The wheel with ``position`` under the clapper; ``highlight`` a section index to
        outline; ``deflection`` the clapper's swing, -1..1. ``smooth`` False turns the card
        plates without filtering (cheaper; used while the wheel turns fast, when no eye can
        tell)."""
        s = self._frame
        s.blit(self._back, (0, 0))
        self._turning(s, position, smooth, highlight)
        self._turret_cap(s)
        self._clapper(s, deflection)
        self._out.blit(s, (0, 0))  # an opaque source: a copy that sets every alpha byte to 255
        return self._out

    def layers(self) -> QImage:
        """The turning wheel drawn once for this size, for Qt to compose each frame: the
        sections, card plates and frets at position 0, on the bowl, opaque, as ``render``
        draws them, cut to the square around the sections. ``paint_frame`` draws the still
        wheel (the bowl and the hub: rings about the centre, so turning them changes nothing),
        turns this by the position onto the ring of the sections and adds the turret's arms,
        its cap and the clapper. Made at first use and kept."""
        if self._layers is None:
            disc = pygame.Surface((self.size, self.size), depth=32)
            disc.blit(self._back, (0, 0))
            self._turning(disc, 0.0, arms=False)
            # Only the square around the sections is turned; what it holds besides them (wood,
            # background) is the same at any angle, and the bowl around it is drawn still.
            half = min(math.ceil(self.R * R_OUT) + 3, self.size // 2)
            at = round(self.c) - half
            out = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
            out.blit(disc, (-at, -at))  # every alpha byte 255, as QImage wants it
            self._disc_at = at
            # Only the ring of the sections is turned onto the frame (issue 17): from the circle
            # inscribed in that square (its corners hold the bowl, which stays still, as pygame
            # draws it) in to the middle of the plain gold band between the sections and the
            # felt, which the still hub holds too: a third of the square's pixels fewer.
            c = round(self.c)
            cut = round(self.R * (R_HUB + R_IN + 0.004) / 2)
            self._turn_clip = QRegion(QRect(at, at, 2 * half, 2 * half), QRegion.RegionType.Ellipse).subtracted(
                QRegion(QRect(c - cut, c - cut, 2 * cut + 1, 2 * cut + 1), QRegion.RegionType.Ellipse))
            still = self._back.copy()
            still.blit(self._front, self._front_at)
            # Both opaque, and both replace what is under them (CompositionMode_Source: no
            # blending): the turned square premultiplied ARGB32 (Qt's own pixels; turned so,
            # a filtered ring took about a tenth less than RGB32 drawn over), the still wheel
            # RGB32 (copied as is: premultiplied ARGB32 drawn with Source took twice as long).
            square = surface_to_qimage(out)
            # The same square turned half a turn (each pixel moved, none resampled): Qt turned
            # an image by 180 to 360 degrees about a fifth slower than by 0 to 180 (measured
            # on this app's frames), so those angles turn this copy by 180 degrees less.
            self._layers = (square, surface_to_qimage(still).convertToFormat(QImage.Format.Format_RGB32),
                            square.transformed(QTransform().rotate(180)))
            self._stills = (self._qt_still(self._qt_cap, max(3, round(self.R * 0.085)), (c, c)),
                            self._qt_still(self._qt_pivot, max(2, round(self.R * 0.03)),
                                           (c, round(self.c - self.R * 0.965))))
            self._balls = self._make_balls()
        return self._layers[0]

    @staticmethod
    def _qt_still(draw, radius: int, centre: tuple[int, int]) -> tuple[int, int, QImage]:
        """What ``draw(painter)`` paints within ``radius`` (+ 3) pixels of the pixel ``centre``,
        painted once onto a transparent image: (x, y, image) to draw at (x, y), with the
        same pixels (the image's corner is a whole pixel of the frame's)."""
        side = 2 * (radius + 3) + 1
        x, y = centre[0] - radius - 3, centre[1] - radius - 3
        image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.translate(-x, -y)
        draw(painter)
        painter.end()
        return x, y, image

    def _turning(self, s: pygame.Surface, position: float, smooth: bool = True, highlight: int | None = None,
                 arms: bool = True) -> None:
        """What turns with the wheel, drawn at ``position`` on an opaque surface (the
        turret's arms only when ``arms``)."""
        R = self.R
        for k, face in enumerate(self.faces):
            pts = self.section_outline(k, position)
            if face.is_joker:
                color, edge = JOKER_FILL, GOLD_DARK
            else:
                color, edge = (RED, RED_EDGE) if face.is_red else (BLACK, BLACK_EDGE)
            pygame.gfxdraw.filled_polygon(s, pts, color)
            pygame.gfxdraw.aapolygon(s, pts, edge)
        for k, plate in enumerate(self._plates):
            angle = (k - position) * STEP
            if smooth:
                img = pygame.transform.rotozoom(plate, -math.degrees(angle), 1.0)
            else:
                img = pygame.transform.rotate(plate, -math.degrees(angle))
            s.blit(img, img.get_rect(center=self._point(R * R_PLATE, angle)))
        if highlight is not None:
            pts = self.section_outline(highlight, position, R * (R_OUT - 0.004), R * (R_IN + 0.006))
            pygame.draw.polygon(s, (255, 255, 255), pts, max(3, round(R * 0.024)))
            pygame.draw.polygon(s, HIGHLIGHT, pts, max(2, round(R * 0.014)))
            pygame.gfxdraw.aapolygon(s, pts, HIGHLIGHT)
        self._frets(s, position)
        s.blit(self._front, self._front_at)
        if arms:
            self._turret_arms(s, position)

    def _frets(self, s: pygame.Surface, position: float) -> None:
        R = self.R
        fret_r = max(2, round(R * 0.014))
        for k in range(SECTIONS):
            x, y = self._point(R * R_FRET, (k + 0.5 - position) * STEP)
            pygame.gfxdraw.filled_circle(s, round(x), round(y), fret_r, GOLD_DARK)
            pygame.gfxdraw.filled_circle(s, round(x), round(y), max(1, fret_r - 1), GOLD_LIGHT)
            pygame.gfxdraw.aacircle(s, round(x), round(y), fret_r, GOLD_DARK)

    def paint_frame(self, painter: QPainter, position: float, deflection: float = 0.0, smooth: bool = True) -> None:
        """One frame on ``painter``, in this renderer's pixels (0..size): the still wheel,
        the ring of the sections pygame drew once (``layers``) turned by Qt to ``position``
        (no pygame drawing per frame), then the turret's arms, its cap and the clapper.
        ``smooth`` False turns the ring without filtering (cheaper; used while the wheel
        turns fast, when no eye can tell, as ``render`` does with the plates)."""
        disc = self.layers()
        painter.save()
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(0, 0, self._layers[1])  # the bowl and the hub, still
        painter.setClipRegion(self._turn_clip, Qt.ClipOperation.IntersectClip)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
        # pygame draws a point (x, y) on the pixel whose square Qt spans from (x, y) to
        # (x + 1, y + 1): the wheel's centre is Qt's (c + 0.5, c + 0.5).
        centre = self.c + 0.5
        painter.translate(centre, centre)
        # Section k sits at (k - position) steps clockwise from the top: the wheel drawn at
        # position 0 turns by -position steps (Qt's positive angles turn clockwise on screen).
        angle = -math.degrees(position * STEP) % 360.0
        corner = self._disc_at - centre  # the square's corner from the wheel's centre
        if angle >= 180.0:  # the copy half turned: its corner is as far on the other side
            angle -= 180.0
            disc = self._layers[2]
            corner = -disc.width() - corner
        painter.rotate(angle)
        painter.drawImage(QPointF(corner, corner), disc)
        painter.restore()
        self._qt_arms(painter, position)
        x, y, cap = self._stills[0]
        painter.drawImage(x, y, cap)
        self._qt_clapper(painter, deflection)
        x, y, pivot = self._stills[1]
        painter.drawImage(x, y, pivot)

    def _qt_arms(self, painter: QPainter, position: float) -> None:
        """The turret's arms as ``_turret_arms`` draws them, by Qt, at ``position`` (the
        points unrounded: they turn smoothly; their edges antialiased, filtered or not: it
        costs little, and unfiltered they showed steps the turned arms did not have)."""
        R = self.R
        c = self.c + 0.5
        base = -position * STEP
        side, reach = R * 0.05, R * 0.40
        tips = []
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(*GOLD_DARK), 1))
        painter.setBrush(QColor(*GOLD))
        for arm in range(4):
            a = base + arm * math.pi / 2 + STEP / 2
            sin_a, cos_a = math.sin(a), math.cos(a)
            tip = (c + reach * sin_a, c - reach * cos_a)
            painter.drawPolygon(QPolygonF([QPointF(c - side * cos_a, c - side * sin_a), QPointF(*tip),
                                           QPointF(c + side * cos_a, c + side * sin_a)]))
            tips.append(tip)
        painter.restore()
        for x, y in tips:  # the balls: the one drawn nearest to where each tip falls in its pixel
            fx, fy = math.floor(x * BALL_PHASES + 0.5), math.floor(y * BALL_PHASES + 0.5)
            painter.drawImage(fx // BALL_PHASES - self._ball_reach, fy // BALL_PHASES - self._ball_reach,
                              self._balls[fy % BALL_PHASES][fx % BALL_PHASES])

    def _make_balls(self) -> list[list[QImage]]:
        """The ball at the tip of an arm, drawn by Qt at each of BALL_PHASES x BALL_PHASES
        places within a pixel: balls[j][i] has its centre at (reach + i / BALL_PHASES,
        reach + j / BALL_PHASES) from its corner (a ball is round: turning it changes
        nothing, so each frame draws one of these instead of a circle)."""
        ball = max(2, round(self.R * 0.028))
        reach = self._ball_reach = ball + 3
        side = 2 * reach + 2
        balls = []
        for j in range(BALL_PHASES):
            row = []
            for i in range(BALL_PHASES):
                image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
                image.fill(0)
                painter = QPainter(image)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                painter.setPen(QPen(QColor(*GOLD_DARK), 1))
                painter.setBrush(QColor(*GOLD_LIGHT))
                painter.drawEllipse(QPointF(reach + i / BALL_PHASES, reach + j / BALL_PHASES), ball, ball)
                painter.end()
                row.append(image)
            balls.append(row)
        return balls

    def _qt_cap(self, painter: QPainter) -> None:
        """The turret's cap as ``_turret_cap`` draws it, by Qt (pygame's pixel (x, y) is
        Qt's square from (x, y) to (x + 1, y + 1): its centre is at x + 0.5)."""
        R = self.R
        c = round(self.c) + 0.5
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        for (x, y), r, color in (((c, c), max(3, round(R * 0.085)) + 0.5, GOLD_DARK),
                                 ((c, c), max(2, round(R * 0.07)) + 0.5, GOLD),
                                 ((c - round(R * 0.02), c - round(R * 0.02)), max(1, round(R * 0.03)) + 0.5, GOLD_LIGHT)):
            painter.setBrush(QColor(*color))
            painter.drawEllipse(QPointF(x, y), r, r)
        painter.restore()

    def _qt_clapper(self, painter: QPainter, deflection: float) -> None:
        """The clapper's blade and its shadow as ``_clapper`` draws them (on whole pixels),
        by Qt; its pivot, which does not move, is ``_qt_pivot``. On whole pixels the blade
        takes few shapes as it swings (36 in 240 frames of a spin): each is drawn once onto
        an image kept for the next frames that show it (the same pixels)."""
        R = self.R
        shape = self.clapper_shape(deflection)
        blade = tuple((round(x), round(y)) for x, y in shape)
        shadow = tuple((round(x + R * 0.01), round(y + R * 0.012)) for x, y in shape)
        kept = self._blades.get((blade, shadow))
        if kept is None:
            x0 = min(x for x, _ in blade + shadow) - 2
            y0 = min(y for _, y in blade + shadow) - 2
            image = QImage(max(x for x, _ in blade + shadow) + 3 - x0, max(y for _, y in blade + shadow) + 3 - y0,
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(0)
            sprite = QPainter(image)
            sprite.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            sprite.translate(0.5 - x0, 0.5 - y0)  # pygame's pixel (x, y) is Qt's square from (x, y) to (x + 1, y + 1)
            sprite.setPen(Qt.PenStyle.NoPen)
            sprite.setBrush(QColor(0, 0, 0, 90))
            sprite.drawPolygon(QPolygonF([QPointF(x, y) for x, y in shadow]))
            sprite.setBrush(QColor(226, 226, 230))
            sprite.setPen(QPen(QColor(70, 70, 78), 1))
            sprite.drawPolygon(QPolygonF([QPointF(x, y) for x, y in blade]))
            sprite.end()
            if len(self._blades) >= 1024:  # more than a swing can show: start again
                self._blades.clear()
            kept = self._blades[(blade, shadow)] = (x0, y0, image)
        painter.drawImage(kept[0], kept[1], kept[2])

    def _qt_pivot(self, painter: QPainter) -> None:
        """The clapper's pivot as ``_clapper`` draws it, by Qt."""
        R = self.R
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        px, py = round(self.c) + 0.5, round(self.c - R * 0.965) + 0.5
        r1, r2 = max(2, round(R * 0.03)), max(1, round(R * 0.022))
        painter.setPen(QPen(QColor(60, 40, 10), 1))
        painter.setBrush(QColor(*GOLD_DARK))
        painter.drawEllipse(QPointF(px, py), r1, r1)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(*GOLD_LIGHT))
        painter.drawEllipse(QPointF(px, py), r2, r2)
        painter.restore()

    def _turret_arms(self, s: pygame.Surface, position: float) -> None:
        R = self.R
        base = -position * STEP
        for arm in range(4):
            a = base + arm * math.pi / 2 + STEP / 2
            tip = self._point(R * 0.40, a)
            left = self._point(R * 0.05, a - math.pi / 2)
            right = self._point(R * 0.05, a + math.pi / 2)
            pts = [(round(x), round(y)) for x, y in (left, tip, right)]
            pygame.gfxdraw.filled_polygon(s, pts, GOLD)
            pygame.gfxdraw.aapolygon(s, pts, GOLD_DARK)
            ball = self._point(R * 0.40, a)
            pygame.gfxdraw.filled_circle(s, round(ball[0]), round(ball[1]), max(2, round(R * 0.028)), GOLD_LIGHT)
            pygame.gfxdraw.aacircle(s, round(ball[0]), round(ball[1]), max(2, round(R * 0.028)), GOLD_DARK)

    def _turret_cap(self, s: pygame.Surface) -> None:
        """The turret's cap, lit from the top left whatever the wheel's position."""
        R = self.R
        c = round(self.c)
        pygame.gfxdraw.filled_circle(s, c, c, max(3, round(R * 0.085)), GOLD_DARK)
        pygame.gfxdraw.filled_circle(s, c, c, max(2, round(R * 0.07)), GOLD)
        pygame.gfxdraw.filled_circle(s, c - round(R * 0.02), c - round(R * 0.02), max(1, round(R * 0.03)), GOLD_LIGHT)
        pygame.gfxdraw.aacircle(s, c, c, max(3, round(R * 0.085)), GOLD_DARK)

    def clapper_shape(self, deflection: float) -> list[tuple[float, float]]:
        R = self.R
        pivot = (self.c, self.c - R * 0.965)
        length = R * (0.965 - R_FRET + 0.045)
        half = R * 0.032
        base = [(-half, 0.0), (half, 0.0), (half * 0.35, length), (0.0, length * 1.04), (-half * 0.35, length)]
        phi = math.radians(16.0) * deflection
        cos_p, sin_p = math.cos(phi), math.sin(phi)
        return [(pivot[0] + x * cos_p - y * sin_p, pivot[1] + x * sin_p + y * cos_p) for x, y in base]

    def _clapper(self, s: pygame.Surface, deflection: float) -> None:
        R = self.R
        shadow = [(round(x + R * 0.01), round(y + R * 0.012)) for x, y in self.clapper_shape(deflection)]
        pygame.gfxdraw.filled_polygon(s, shadow, (0, 0, 0, 90))
        pts = [(round(x), round(y)) for x, y in self.clapper_shape(deflection)]
        pygame.gfxdraw.filled_polygon(s, pts, (226, 226, 230))
        pygame.gfxdraw.aapolygon(s, pts, (70, 70, 78))
        px, py = round(self.c), round(self.c - R * 0.965)
        pygame.gfxdraw.filled_circle(s, px, py, max(2, round(R * 0.03)), GOLD_DARK)
        pygame.gfxdraw.filled_circle(s, px, py, max(1, round(R * 0.022)), GOLD_LIGHT)
        pygame.gfxdraw.aacircle(s, px, py, max(2, round(R * 0.03)), (60, 40, 10))


def _argb(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` as 32-bit pixels with a real alpha byte (BGRA in memory: Qt's ARGB32)."""
    if surface.get_flags() & pygame.SRCALPHA and surface.get_bitsize() == 32:
        return surface
    out = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    out.blit(surface, (0, 0))
    return out


def surface_to_qimage(surface: pygame.Surface) -> QImage:
    """A deep copy of a pygame surface as a premultiplied ARGB32 QImage."""
    pre = _argb(surface).premul_alpha()
    w, h = pre.get_size()
    return QImage(pre.get_buffer().raw, w, h, pre.get_pitch(), QImage.Format.Format_ARGB32_Premultiplied).copy()


def wrap_surface(surface: pygame.Surface) -> tuple[QImage, object]:
    """A QImage sharing an opaque frame's pixels (no copy: every alpha byte is 255, so the
    pixels are already premultiplied) and the buffer that keeps them locked: drop both
    before drawing on the surface again."""
    buffer = surface.get_buffer()
    w, h = surface.get_size()
    return QImage(buffer, w, h, surface.get_pitch(), QImage.Format.Format_ARGB32_Premultiplied), buffer


def render_wheel_image(order: Sequence[str], size: int, position: float, highlight: str | None = None,
                       deflection: float | None = None, background: tuple = (18, 20, 24)) -> QImage:
    """The wheel at rest as a QImage ``size`` pixels square on ``background`` (RGB)."""
    renderer = WheelRenderer(order, size, background)
    index = renderer.order.index(highlight) if highlight in renderer.order else None
    defl = clapper_deflection(position, 1, 0.0) if deflection is None else deflection
    return surface_to_qimage(renderer.render(position, highlight=index, deflection=defl))


# ------------------------------------------------------------------------- the motion
ACCEL = 0.12  # the share of the spin's time spent speeding up


def ease(u: float, accel: float = ACCEL) -> float:
    """Distance covered (0..1) at time u (0..1): speed rises linearly for ``accel``, then
    falls as (1-u)^2 to exactly zero at u = 1; speed and distance are continuous."""
    u = min(1.0, max(0.0, u))
    total = accel / 2 + (1 - accel) / 3
    if u < accel:
        return (u * u / (2 * accel)) / total
    return (accel / 2 + ((1 - accel) ** 3 - (1 - u) ** 3) / (3 * (1 - accel) ** 2)) / total


def ease_speed(u: float, accel: float = ACCEL) -> float:
    """d ease / du."""
    u = min(1.0, max(0.0, u))
    total = accel / 2 + (1 - accel) / 3
    if u < accel:
        return (u / accel) / total
    return ((1 - u) ** 2 / (1 - accel) ** 2) / total


def clapper_deflection(position: float, direction: int, speed: float) -> float:
    """How far the frets push the clapper (-1..1): it rides up on the fret coming at it and
    snaps back once it passes; at rest on a fret it stays lifted."""
    phase = ((position - 0.5) * direction) % 1.0  # 0 right after a fret passed, 1 at the next
    if speed <= 1e-9:
        if phase < 1e-6 or phase > 1 - 1e-6:
            return -0.55 * direction
        return 0.0
    push = max(0.0, (phase - 0.6) / 0.4) ** 1.6
    return -direction * push * min(1.0, 0.35 + speed * 0.05)


def spin_duration_ms(travel: float) -> int:
    """A spin's length: about four seconds plus a third of a second per revolution."""
    return int(3600 + 320 * travel / SECTIONS)


@dataclass(frozen=True)
class Motion:
    start: float  # position at time 0 (unwrapped)
    end: float  # position at rest (unwrapped)
    duration_ms: int

    @property
    def direction(self) -> int:
        return 1 if self.end >= self.start else -1

    def at(self, ms: float) -> float:
        return self.start + (self.end - self.start) * ease(ms / self.duration_ms)

    def speed(self, ms: float) -> float:
        """Sections per second at ``ms``."""
        return abs(self.end - self.start) * ease_speed(ms / self.duration_ms) * 1000 / self.duration_ms


def plan_motion(current: float, spin, duration_ms: int | None = None) -> Motion:
    """The motion from the wheel's current position to ``spin``'s rest, turning the spin's
    distance (the start is moved to the current position, less than half a section away)."""
    start = float(spin.start)
    end = start + spin.direction * float(spin.travel)
    shift = round((start - current) / SECTIONS) * SECTIONS
    current_unwrapped = current + shift
    duration = spin_duration_ms(abs(end - current_unwrapped)) if duration_ms is None else duration_ms
    return Motion(current_unwrapped, end, max(1, int(duration)))


# --------------------------------------------------------------------------- the widget
class WheelWidget(QWidget):
    """The wheel in a Qt widget. ``spin(spin)`` animates a ``Spin``; ``spin_finished``
    gives the rest position (a float, a half meaning between two sections)."""

    spin_started = Signal()
    spin_finished = Signal(float)

    def __init__(self, parent: QWidget | None = None, order: Sequence[str] | None = None,
                 background: str = "#121418") -> None:
        super().__init__(parent)
        self._background = QColor(background)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        if order is None:
            from trainer.games.pokette.rules_data import wheel

            order = tuple(str(s) for s in wheel().order)
        self._order = tuple(order)
        self._position = 0.0
        self._highlight: str | None = None
        self._renderer: WheelRenderer | None = None
        self._image: QImage | None = None
        self._buffer: object | None = None  # keeps the frame surface locked while the image shows it
        self._image_key: tuple | None = None
        self._composed: QImage | None = None  # the frame Qt composes from the renderer's layers
        self._motion: Motion | None = None
        self._deflection = clapper_deflection(0.0, 1, 0.0)
        self._speed = 0.0
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._tick)
        self.frame_times_ms: list[float] = []  # render time of each animated frame
        self.frame_stamps_ms: list[float] = []  # when each animated frame was made, from the spin's start
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)
        self.setAccessibleName("Pokette wheel")

    # -- API
    def order(self) -> tuple[str, ...]:
        return self._order

    def set_order(self, order: Sequence[str]) -> None:
        self._order = tuple(order)
        self._renderer = None
        self._invalidate()

    def position(self) -> float:
        """The wheel position under the clapper, in [-0.5, 53.5)."""
        return (self._position + 0.5) % SECTIONS - 0.5

    def section_under_clapper(self) -> tuple[str, ...]:
        """One section text, or the two the clapper rests between."""
        p = self.position()
        frac = (p + 0.5) % 1.0
        if abs(frac) < 1e-6 or abs(frac - 1) < 1e-6:
            lo = int(math.floor(p + 0.5 - 1e-9)) % SECTIONS
            return self._order[lo], self._order[(lo + 1) % SECTIONS]
        return (self._order[round(p) % SECTIONS],)

    def show_rest(self, position: float, highlight: str | None = None) -> None:
        """Show the wheel at rest with ``position`` under the clapper."""
        self._timer.stop()
        self._motion = None
        self._position = float(position)
        self._highlight = highlight
        self._deflection = clapper_deflection(self._position, 1, 0.0)
        self._invalidate()

    def set_highlight(self, section: str | None) -> None:
        self._highlight = section
        self._invalidate()

    def is_spinning(self) -> bool:
        return self._motion is not None

    def spin(self, spin, duration_ms: int | None = None) -> Motion:
        """Animate ``spin`` (trainer.games.pokette.wheel.Spin) from the current position."""
        self._highlight = None
        self._motion = plan_motion(self._position, spin, duration_ms)
        self._position = self._motion.start
        self.frame_times_ms = []
        self.frame_stamps_ms = []
        self._clock.start()
        self._timer.start()
        self.spin_started.emit()
        self._invalidate()
        return self._motion

    def finish_now(self) -> None:
        """Jump to the end of the current spin (a test or an impatient trainee)."""
        if self._motion is not None:
            self._land()

    # -- animation
    def _tick(self) -> None:
        motion = self._motion
        if motion is None:
            self._timer.stop()
            return
        ms = self._clock.nsecsElapsed() / 1e6
        if ms >= motion.duration_ms:
            self._land()
            return
        self._position = motion.at(ms)
        self._speed = motion.speed(ms)
        self._deflection = clapper_deflection(self._position, motion.direction, self._speed)
        started = time.perf_counter()
        self._render_now()
        self.frame_times_ms.append((time.perf_counter() - started) * 1000)
        self.frame_stamps_ms.append(ms)
        self.update()

    def _land(self) -> None:
        motion = self._motion
        self._timer.stop()
        self._motion = None
        self._position = motion.end
        self._speed = 0.0
        self._deflection = clapper_deflection(self._position, motion.direction, 0.0)
        self._invalidate()
        self.spin_finished.emit(self.position())

    # -- drawing
    def _pixel_size(self) -> int:
        side = min(self.width(), self.height())
        return max(64, int(side * self.devicePixelRatioF()))

    def _invalidate(self) -> None:
        self._image_key = None
        self.update()

    def _render_now(self) -> None:
        size = self._pixel_size()
        self._image = None
        self._buffer = None  # unlock the frame surface before drawing on it
        if self._renderer is None or self._renderer.size != size or self._renderer.order != self._order:
            bg = self._background
            self._renderer = WheelRenderer(self._order, size, (bg.red(), bg.green(), bg.blue()))
        index = self._order.index(self._highlight) if self._highlight in self._order else None
        if index is not None:
            # A section outlined (at rest, between spins): pygame draws the whole still frame.
            surface = self._renderer.render(self._position, highlight=index, deflection=self._deflection)
            self._image, self._buffer = wrap_surface(surface)
            self._composed = None
        else:
            # Every other frame, each frame of a spin included: the bowl and the disc pygame drew
            # once for this size, the disc turned by Qt, the clapper drawn by Qt (issue 17).
            if self._composed is None or self._composed.width() != size:
                self._composed = QImage(size, size, QImage.Format.Format_RGB32)  # every frame is opaque
            painter = QPainter(self._composed)
            try:
                self._renderer.paint_frame(painter, self._position, self._deflection,
                                           smooth=self._speed < SMOOTH_BELOW)
            finally:
                painter.end()
            self._image = self._composed
        self._image_key = (size, self._position, self._highlight, self._deflection)

    def grab_frame(self) -> QImage:
        """A copy of the current frame (rendered if needed)."""
        if self._image_key is None or self._image is None:
            self._render_now()
        return self._image.copy()

    def sizeHint(self) -> QSize:
        return QSize(520, 520)

    def hasHeightForWidth(self) -> bool:
        # Square where its height follows its width; not where the height is fixed (table
        # mode's wheel pane): a fixed wheel must not ask its screen for its width in height.
        return self.minimumHeight() != self.maximumHeight()

    def heightForWidth(self, width: int) -> int:
        return width

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._image_key is None or self._image is None or self._image_key[0] != self._pixel_size():
            self._render_now()
        image = self._image
        ratio = self.devicePixelRatioF()
        w, h = round(self.width() * ratio), round(self.height() * ratio)
        painter = QPainter(self)
        try:
            if image.width() > w or image.height() > h:  # a wheel smaller than its smallest frame
                painter.fillRect(self.rect(), self._background)
                painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
                side = min(self.width(), self.height())
                target = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
                painter.drawImage(target, image, QRectF(0, 0, image.width(), image.height()))
                return
            # The frame is made at the widget's pixel size: it is copied pixel for pixel, its
            # corner on a whole pixel (a corner between pixels would filter every pixel of
            # it, twice the cost of the copy, and blur it), and only the margins around it
            # are filled (every pixel of the frame is opaque).
            painter.scale(1 / ratio, 1 / ratio)
            x, y = (w - image.width()) // 2, (h - image.height()) // 2
            right, bottom = x + image.width(), y + image.height()
            for margin in (QRect(0, 0, x, h), QRect(right, 0, w - right, h), QRect(x, 0, image.width(), y),
                           QRect(x, bottom, image.width(), h - bottom)):
                if not margin.isEmpty():
                    painter.fillRect(margin, self._background)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            painter.drawImage(x, y, image)
        finally:
            painter.end()

    def hideEvent(self, event) -> None:  # noqa: N802
        super().hideEvent(event)
        if self._motion is not None:  # never leave a timer running for a hidden wheel
            self._land()


def rest_position(spin) -> float:
    """Where ``spin`` comes to rest, as the widget reports it."""
    return float(spin.rest)


__all__ = [
    "FPS", "FRAME_MS", "Motion", "WheelRenderer", "WheelWidget", "clapper_deflection", "draw_suit", "ease",
    "ease_speed", "plan_motion", "render_wheel_image", "rest_position", "spin_duration_ms", "surface_to_qimage",
    "wrap_surface",
]
