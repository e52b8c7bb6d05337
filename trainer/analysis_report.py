"""Readable tables for the exact game math of ``Game.analyze`` (the CLI and the GUI share it)."""

from __future__ import annotations


def _pct(x: float) -> str:
    return f"{x * 100:.4f}%"


def format_analysis(result: dict, title: str) -> str:
    lines = [f"{title}: every possible hand"]
    hands = result.get("hands", [])
    total = sum(h["count"] for h in hands)
    lines.append("")
    lines.append(f"  {'hand':<24}{'count':>14}{'probability':>14}")
    for h in hands:
        lines.append(f"  {h['hand']:<24}{h['count']:>14,}{_pct(h['count'] / total) if total else '':>14}")
    lines.append(f"  {'total':<24}{total:>14,}")
    for key, label in (("dealer_hands", "Dealer's hands"),):
        if key in result:
            lines.append("")
            lines.append(label)
            for h in result[key]:
                lines.append(f"  {h['hand']:<24}{h['count']:>14,}")
    for bet in result.get("bets", []):
        name = bet["name"] + (f", table {bet['table']}" if bet.get("table") else "")
        lines.append("")
        lines.append(f"{name}: expected value {bet['expected_value']:+.6f} per unit, house edge {_pct(bet['house_edge'])}")
        lines.append(f"  {'hand':<32}{'count':>14}{'probability':>14}  pays")
        for o in bet["outcomes"]:
            lines.append(f"  {o['hand']:<32}{o['count']:>14,}{_pct(o['probability']):>14}  {o['pays']}")
    base = result.get("base_game")
    if base:
        lines.append("")
        lines.append("Base game under the best decision for each hand")
        lines.append(f"  strategy: {base['strategy']}")
        lines.append(f"  expected value per unit of ante: {base['expected_value']:+.6f}")
        lines.append(f"  average total wager (units of ante): {base['average_wager']:.6f}")
    return "\n".join(lines)
