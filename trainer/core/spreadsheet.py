"""Cells of a CSV file that a spreadsheet will never run as a formula (issue 14).

Excel, LibreOffice Calc and Google Sheets evaluate a cell whose text begins with ``=``,
``+``, ``-`` or ``@`` (and some also after leading spaces, a tab, a carriage return or a
line feed, or with the full-width ``＝ ＋ － ＠``): ``-2+3+cmd|' /C calc'!A0`` is a
formula, and so is ``-$1+cmd|...``. The OWASP advice is followed: such a text is written
with a leading apostrophe, which the spreadsheet shows as text and does not evaluate.

Our rule (decided here, applied by every CSV writer of the app):

- a value our code computed as a number (``int`` or ``float``, never ``bool``) is
  written as a bare number, negative ones included: a numeric column stays numeric;
- every other value is text (names, prompts, answers, explanations, rules, ids, and the
  numbers we format as text, such as ``"-$5.00"`` or ``"1.5"``), and a text that a
  spreadsheet could evaluate gets the apostrophe, whatever follows the sign: a text
  cell never starts a formula, even one that looks like a plain negative number.
"""

from __future__ import annotations

# After any leading white space: the characters that start a formula (ASCII and full-width).
FORMULA_STARTS = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
# Characters that start a formula on their own, or hide one after them.
CONTROL_STARTS = ("\t", "\r", "\n")


def is_risky(text: str) -> bool:
    """True if a spreadsheet could evaluate ``text`` as a formula."""
    if not text:
        return False
    if text[0] in CONTROL_STARTS:
        return True
    stripped = text.lstrip(" \t\r\n\u00a0\u3000")
    return stripped[:1] in FORMULA_STARTS or (stripped != text and stripped[:1] in CONTROL_STARTS)


def cell(value: object) -> str | int | float:
    """A CSV cell: numbers as numbers, texts neutralised (see the module's rule)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = "" if value is None else str(value)
    return "'" + text if is_risky(text) else text


__all__ = ["FORMULA_STARTS", "cell", "is_risky"]
