"""Lancaster's guided tour (issue 29): ONE game with all three modules of Henry V (KC, KR, LK), from the set-up to
the final score sheet. Each step starts where the game reaches it at the learner's turn, asks for the move that
teaches it, and says what happened and why a good player would choose it. Every fact comes from hench.lancaster."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from hench.lancaster import odds
from hench.lancaster.actions import OFFICES, Apply
from hench.lancaster.data import county_title, in_words, law_title
from hench.lancaster.legality import apply_strength, tower_load
from hench.lancaster.scoring import visible_space

from .tour import Question, TourStep

TOUR_OPTIONS = {"first_player": 0, "modules": "KC+KR+LK"}
TOUR_PLAYERS, TOUR_SEED = 3, 0
ME = 0  # the learner's seat


def _legal(s: Any) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def percent(p: Fraction) -> str:
    """A chance on screen: the percentage alone (the exact fraction belongs in a hover, not in running text)."""
    return f"{float(p):.0%}" if p in (0, 1) or float(p) * 100 % 1 == 0 else f"{float(p):.1%}"


def _offers(pattern: str):
    return lambda s: any(re.match(pattern, a) for a in _legal(s))


COUNTY_MOVE = r"knight \d to (?!castle|conflict|tower)"
CONFLICT_MOVE = r"knight \d to conflict"
TOWER_MOVE = r"knight \d to tower"
PRIVILEGE_MOVE = r".*\+(shield|archer|tudor)"


def _placing(pattern: str):
    offers = _offers(pattern)
    return lambda s: s.phase == "place" and offers(s)


def _moved(start: Any, now: Any) -> bool:
    """The learner has made the step's move (a new position at least)."""
    return now is not start


def _in_county(s: Any) -> list[int]:
    return [i for i, c in enumerate(s.counties) if c is not None and c["owner"] == ME]


def _in_conflict(s: Any) -> list[str]:
    return [f"C{c['card'] + 1}" for c in s.conflicts if any(sp is not None and sp["owner"] == ME for sp in c["spaces"])]


def _phase_left(phase: str):
    return lambda start, now: now.is_terminal or now.phase != phase or now.current_player != ME or now is not start


# -- what just happened, in words ------------------------------------------------------------------------------
def _after_extension(start: Any, now: Any) -> str:
    new = [e for e in now.extensions[ME] if e not in start.extensions[ME]]
    return (f"Extension {', '.join(new)} is in your castle: it pays you in every castle step of phase 3 from now on "
            "(LB-009, LB-053). An extension also counts for the 8 and 4 PP of the most extensions at the end (LB-078).")


def _after_county(start: Any, now: Any) -> str:
    mine = [county_title(now.data.counties[i].name) for i in _in_county(now)]
    where = ", ".join(mine) or "no county any more (a stronger knight expelled yours)"
    return (f"Your knight holds {where}. It pays in phase 3 if no strictly stronger knight expels it before then "
            "(LB-021, LB-023); an expelled knight goes back to court and may be placed again.")


def _after_lord(start: Any, now: Any) -> str:
    held = now.lord[ME]
    office = OFFICES[int(held[7:])] if held.startswith("office:") else "the king's court"
    return (f"Your lord is on the {office}; a strictly stronger stack may still expel it before phase 3 (LH-023, "
            "reading A1). If it holds, phase 3 gives you the office's seals and its privilege for the next round.")


def _after_conflict(start: Any, now: Any) -> str:
    cards = _in_conflict(now)
    if not cards:
        return "Your knight went elsewhere."
    card = cards[-1]
    c = now.active_conflict(card)
    french = now.data.cards[c["card"]].french
    chance = odds.conflict_win_chance(now, card, extra=0, p_joins=Fraction(1, 2))
    said = (f" If each other player with a knight at court joins later with an even chance, England wins it with "
        f"{percent(chance)} (the Odds page computes this for any position)" + (
            ": a long shot, so a good player sends a weak knight here, for the insurance and the favor, not a strong one."
            if chance < Fraction(1, 3) else "."))
    return (f"Your knight fights in conflict {card} against France's strength {french} (LB-059).{said}"
            f"{_favor_words(start, now)} A lost battle "
            "still pays one step down (LB-063), and with the King's Resentment only players with no knight there take dishonor.")


def _favor_due(s: Any) -> bool:
    return s.phase == "favor" and s.current_player == ME


def _favor_words(start: Any, now: Any) -> str:
    """The King's Favor the learner took in this step, if any (LB-031)."""
    taken = [t.id for t, was, up in zip(now.data.favors, start.favors, now.favors) if was and not up]
    if not taken:
        return ""
    return (f" Your knight was one of the first six sent to a conflict this round, so you took {in_words('favor ' + taken[0])} "
            "(LB-031): pick what you are short of for this round's plans.")


def _after_vote(start: Any, now: Any) -> str:
    if not now.tally:
        return "Your vote is cast, face down, until everyone has voted (LB-035)."
    law, yes, no = now.tally[-1]
    return (f"Votes revealed for {law_title(law)}: {yes} yes against {no} no, so it was "
            f"{'approved' if yes >= no else 'rejected'} (a tie approves, LB-036).")


def _after_reward(start: Any, now: Any) -> str:
    nobles = len(now.nobles[ME])
    return (f"You now have {nobles} {'nobleman' if nobles == 1 else 'noblemen'} at your table. Each one adds a voting marker in every "
            "castle step (LB-053) and the company at table scores at the end (LB-079).")


def _after_reward_or_upgrade(start: Any, now: Any) -> str:
    return _after_reward(start, now) if start.phase == "county" else _after_upgrade(start, now)


def _after_upgrade(start: Any, now: Any) -> str:
    bishops = now.res[ME]["bishops"] - start.res[ME]["bishops"]
    if bishops > 0:
        return "You took a bishop: every seal you hold at the end is now worth one more PP (LH-060, LH-064)."
    return ("Your knight is now one strength stronger: it wins more contests, fights harder in conflicts and adds to "
            "your knighthood, worth 8 or 4 PP at the end (LB-072, LB-077).")


def _after_tower(start: Any, now: Any) -> str:
    shed = start.res[ME]["dishonor"] - now.res[ME]["dishonor"]
    return (f"Your knight is in the tower (now strength {tower_load(now)} of {now.data.tower_capacity}); you gave back "
            f"{shed} dishonor marker(s) (LH-083, LH-084). It comes back before the counties are scored (LH-088).")


def _after_privilege(start: Any, now: Any) -> str:
    used = [p for p in ("shield", "archer", "tudor") if now.priv[ME][p] < start.priv[ME][p]]
    what = {"shield": "the shield: your knight cannot be expelled from its county this round (LH-041)",
            "archer": "the archer: strength 2 with a rank of its own in the conflict (LH-045, LH-047, LH-048)",
            "tudor": "the Tudor knight: +2 strength for the knight it goes with (LH-054, LH-056)"}
    return "You used " + ("; ".join(what[p] for p in used) if used else "no privilege this time") + "."


def _after_dishonor(start: Any, now: Any) -> str:
    gone = sum(1 for x in now.track if x == 0)
    return (f"You hold {now.res[ME]['dishonor']} dishonor marker(s), hidden from the others (LH-091). {gone} of the "
            f"track's {len(now.track)} spaces are empty already: the further right the track is emptied, the bigger the "
            "penalty for the most dishonored at the end (LH-095).")


def _after_king_law(start: Any, now: Any) -> str:
    return _after_vote(start, now)


# -- questions (answers from the engine, at the step's position) -------------------------------------------------
def _office_strength(s: Any) -> str:
    return str(apply_strength(s, Apply("Chancellor", (1, 2))))


def _vote_odds(s: Any) -> str:
    return percent(odds.approval_chance(True, 0, [1, 1]))


def _vote_odds_choices(s: Any) -> list[str]:
    right = _vote_odds(s)
    return sorted({right, percent(Fraction(1, 2)), percent(Fraction(1, 4))})


def _tower_free(s: Any) -> str:
    return str(s.data.tower_capacity - tower_load(s))


def _tower_choices(s: Any) -> list[str]:
    free = s.data.tower_capacity - tower_load(s)
    return [str(x) for x in sorted({free, free + 1, free + 2, max(0, free - 1)})]


def _penalty(s: Any) -> str:
    return str(-visible_space(s)[0])


def _penalty_choices(s: Any) -> list[str]:
    lost = -visible_space(s)[0]
    return [str(x) for x in sorted({0, lost, lost + 2, max(0, lost - 2)})]


def _current_law_name(s: Any) -> str:
    return law_title(s.proposals[s.vote_index])


TOUR = [
    TourStep(
        "Set-up: your castle's first extension",
        "<p><b>Lancaster</b> is played here with all three modules of <i>Henry V</i>: At the King's Court (KC), The King's "
        "Resentment (KR) and the Laws of the King (LK), in one game of five rounds. Before round 1 each player adds one "
        "<b>extension tile</b> to their castle. <b>Why it matters:</b> an extension pays in every castle step from now on, "
        "so a reward you will use all game (a voting marker, a squire, PP) is worth five times its face. Hover a tile on "
        "the board to read it.</p>",
        ("LB-009", "LB-053", "LB-078"),
        reach=lambda s: s.phase == "extension", task="choose an extension for your castle",
        done=lambda start, now: len(now.extensions[ME]) > len(start.extensions[ME]), after=_after_extension),
    TourStep(
        "Phase 1: a knight in a county",
        "<p>Each round you place your pieces one at a time, round the table. A <b>county</b> (A to I) takes one knight "
        "whose own strength reaches its minimum; squires you add count only against rivals, and a strictly stronger "
        "knight expels yours. <b>Why a good player goes early with a weak knight:</b> a county nobody contests pays as "
        "well to a strength-1 knight as to a strength-4 one; keep your strong knights for later, when you can see where "
        "they are needed (and expel someone).</p>",
        ("LB-017", "LB-019", "LB-020", "LB-021", "LB-023"),
        reach=_placing(COUNTY_MOVE), task="place a knight in a county (a yellow K chip on a county)",
        done=lambda start, now: len(_in_county(now)) > len(_in_county(start)) or now.current_player != ME,
        after=_after_county,
        question=Question("How many pieces does each player place on their turn in phase 1?",
                          lambda s: ["1", "2", "all of them"], lambda s: "1",
                          lambda s: "Exactly one piece per turn, then the next player clockwise (LB-017).")),
    TourStep(
        "At the King's Court: your lord applies for an office",
        "<p>With KC you also have a <b>lord</b>. Place it on one of the three offices, paying its tribute (Chancellor 1 "
        "voting marker, Constable 1 squire, Chamberlain 1 gold), alone or supported by knights, or in the treasury to "
        "take what lies there. A strictly stronger stack expels you. <b>Why:</b> the Chancellor gives 2 seals, the "
        "Constable 1, and each seal is worth (1 + your bishops) PP at the end; an office also gives a privilege for "
        "next round. An uncontested office taken by the lord alone costs you no knight.</p>",
        ("LH-014", "LH-016", "LH-017", "LH-018", "LH-021", "LH-023", "LH-040", "LH-044", "LH-053"),
        reach=_placing(r"lord to C"), task="apply for an office with your lord (the 'lord' chip on an office)",
        done=lambda start, now: now.lord[ME].startswith("office:") or now.current_player != ME, after=_after_lord,
        question=Question("What is the strength of a lord supported by knights of strength 1 and 2 (no bishop, no Tudor)?",
                          lambda s: ["3", "4", "5"], _office_strength,
                          lambda s: "1 for the lord plus each knight's strength: 1 + 1 + 2 = 4 (LH-021).")),
    TourStep(
        "Phase 1: a knight in a conflict with France",
        "<p>A <b>conflict</b> card shows France's strength and three PP values. Knights join from the top space down. In "
        "phase 3 England wins if the knights there reach France's strength; ranks 1 to 3 score the card's values (a tie "
        "goes to the later entrant), and a lost first battle still pays one step down. The first six knights sent to "
        "conflicts each round also earn a <b>King's Favor</b>. <b>Why:</b> a conflict pays even a weak knight, and with "
        "KR every player with <i>no</i> knight in a lost conflict takes dishonor: being there is insurance.</p>",
        ("LB-028", "LB-031", "LB-059", "LB-060", "LB-061", "LB-063", "LH-089"),
        reach=_placing(CONFLICT_MOVE),
        task="send a knight to a conflict (a K chip on a conflict card), then take a King's Favor tile if one is yours",
        done=lambda start, now: (len(_in_conflict(now)) > len(_in_conflict(start)) and not _favor_due(now))
        or (now.current_player != ME and now is not start), after=_after_conflict),
    TourStep(
        "Phase 2: parliament votes",
        "<p>Three laws are voted on, left to right. Everyone votes yes or no face down and may add voting markers as "
        "extra votes; all are revealed together and a tie approves. An approved law enters the row of three current "
        "laws on the right and pushes the oldest out; the current laws then apply left to right. <b>Why:</b> vote for "
        "the laws that pay what you have (knights in conflicts, squires, gold), and spend markers only on a vote "
        "that is close: markers spent are gone.</p>",
        ("LB-034", "LB-035", "LB-036", "LB-037", "LB-038", "LB-040", "LB-041"),
        reach=lambda s: s.phase == "vote", task="vote on the law with the gold outline", done=_moved, after=_after_vote,
        question=Question("You vote yes with no markers; two other voters holding 1 marker each vote yes or no at even "
                          "chances and add 0 or 1 marker at even chances. How likely is the law to pass?",
                          _vote_odds_choices, _vote_odds,
                          lambda s: f"Counting every way they vote and spend: {_vote_odds(s)} (a tie approves, LB-036). "
                                    "The Odds page has the same table for more markers.")),
    TourStep(
        "Phase 3: your reward",
        "<p>Phase 3 pays in order: the offices, the tower, the counties A to I, the castles, the conflicts. Some rewards "
        "ask you to choose. <b>A county</b> pays its knight's owner a <b>nobleman</b>, or its <b>other reward</b>, or both "
        "for 3 gold: a nobleman gives you a voting marker in every castle step for the rest of the game and the company "
        "at table scores at the end, so early on a nobleman is usually the better buy; in round 5 the other reward often "
        "is. <b>An upgrade</b> swaps one of your knights for the reserve knight one strength higher, or with KC you take a "
        "<b>bishop</b> instead: an early upgrade wins contests for the rest of the game and builds your knighthood (8 and "
        "4 PP at the end); a bishop makes every seal worth 1 PP more, so it pays when you hold several seals. The board's "
        "phase bar says which choice is yours now.</p>",
        ("LB-045", "LB-046", "LB-047", "LB-048", "LB-053", "LB-079", "LB-072", "LH-060", "LH-064", "LB-077"),
        reach=lambda s: s.phase in ("county", "upgrade"), task="make your choice: the nobleman, the reward or both; or the "
        "upgrade or a bishop", done=_moved, after=_after_reward_or_upgrade),
    TourStep(
        "Dishonor",
        "<p>When England loses a conflict, every player with <b>no knight in it</b> takes 1 dishonor marker, from the "
        "track left to right. Markers are hidden. At the end each costs 1 PP, and the most and second-most dishonored "
        "also lose the two numbers of the rightmost space still showing on the track. <b>Why:</b> when a conflict "
        "looks lost, a weak knight there still spares you a marker; the tower and some laws let you give markers back.</p>",
        ("LH-089", "LH-090", "LH-091", "LH-093", "LH-094", "LH-095"),
        reach=lambda s: s.phase == "place" and s.res[ME]["dishonor"] > 0, task="place a piece", done=_moved,
        after=_after_dishonor,
        question=Question("If the game ended now, how many PP would the most dishonored player lose on top of 1 PP a "
                          "marker?", _penalty_choices, _penalty,
                          lambda s: f"The rightmost track space whose stack is gone costs the most dishonored {_penalty(s)} PP "
                                    "(the second loses the smaller number there); before any stack is gone, nothing "
                                    "(LH-094, LH-095).")),
    TourStep(
        "The King's Resentment: the tower",
        "<p>With KR the <b>tower</b> is one more place for a knight: the total strength inside, the neutral knight "
        "included, stays at most 7. Put a knight in and give back as many of your <b>dishonor</b> markers as its "
        "strength. It comes back before the counties are scored, so it earns nothing else this round (the Law of the King "
        "8 pays 3 PP for each of your knights there). <b>Why:</b> each marker costs 1 PP at the end and the most "
        "dishonored pay a penalty too; a weak knight in the tower is often worth more than a weak county.</p>",
        ("LH-078", "LH-080", "LH-081", "LH-082", "LH-083", "LH-088"),
        reach=lambda s: _placing(TOWER_MOVE)(s) and s.res[ME]["dishonor"] > 0, task="put a knight in the tower (its K chip)",
        done=lambda start, now: any(o == ME for o, _ in now.tower) or now.current_player != ME, after=_after_tower,
        question=Question("How much strength is still free in the tower now?", _tower_choices, _tower_free,
                          lambda s: f"Capacity {s.data.tower_capacity} minus the strength already inside ({tower_load(s)}, the "
                                    f"neutral knight's {s.neutral} included) leaves {_tower_free(s)} (LH-078, LH-081).")),
    TourStep(
        "A privilege from your office",
        "<p>Holding an office in phase 3 gave you its <b>privilege</b> for this round: the Chancellor's <b>shield</b> "
        "(your knight cannot be expelled from its county), the Constable's <b>archer</b> (strength 2, a rank of its own "
        "in a conflict, on the space below your knight) or the Chamberlain's <b>Tudor knight</b> (+2 strength). "
        "<b>Why:</b> the shield makes a contested county safe, the archer can win a conflict and a second rank's "
        "PP at once; use it this round, it does not keep.</p>",
        ("LH-030", "LH-031", "LH-041", "LH-045", "LH-047", "LH-048", "LH-054"),
        reach=_placing(PRIVILEGE_MOVE), task="place a knight with your privilege (the move list: '+shield', '+archer' or '+tudor')",
        done=lambda start, now: now.priv[ME] != start.priv[ME] or now.current_player != ME, after=_after_privilege),
    TourStep(
        "Laws of the King",
        "<p>With LK, eight Laws of the King replace the base laws of groups 2 and 3. They hit the richest (1), let "
        "players without a bishop give a dishonor marker back (2), reward the least dishonored (3), trade seals for squires "
        "and gold (4), give a seal for the most voting markers (5), pay the most squires and gold (6) and knights in the "
        "tower (8). Hover the law with the gold outline to read it. <b>Why:</b> vote yes when the law pays you more than "
        "your rivals.</p>",
        ("LH-003", "LH-103", "LH-106", "LH-108", "LH-109", "LH-110", "LH-111", "LH-114", "LH-115", "LH-116"),
        reach=lambda s: s.phase == "vote" and s.proposals[s.vote_index].startswith("LK-"),
        task="vote on the Law of the King with the gold outline", done=_moved, after=_after_king_law,
        question=Question("Which law is being voted on now?",
                          lambda s: sorted({law_title(x) for x in s.proposals}), _current_law_name,
                          lambda s: f"The law with the gold outline, {_current_law_name(s)}: the laws are voted left to right "
                                    "(LB-034).")),
    TourStep(
        "The end: the final scoring",
        "<p>After round 5 the final scoring adds, in order: 8 and 4 PP for the strongest knighthoods (more squires breaks "
        "a tie), 8 and 4 for the most castle extensions (more gold breaks a tie), the company at table, then each seal "
        "times (1 + bishops), and last the dishonor. Most PP wins; a tie on PP is a shared win. The score sheet shows "
        "where every player's points came from.</p>",
        ("LB-076", "LB-077", "LB-078", "LB-079", "LB-080", "LH-064", "LH-093"),
        reach=lambda s: s.is_terminal),
]

__all__ = ["TOUR", "TOUR_OPTIONS", "TOUR_PLAYERS", "TOUR_SEED", "in_words"]
