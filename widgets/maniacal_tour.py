"""Maniacal's guided tour: ONE game from the set-up to the final score sheet (issue 29). Each step's `reach` is a
place the game comes to in order; the learner makes the step's move (the draft, a contract with its Target and
reward, a visit to Lucifer's Lounge, a Scheme against a rival, the clean-up) and the tour says why a good player
would. Every sentence about the position is computed from the engine's state. No rule logic here."""

from __future__ import annotations

from typing import Any

from hench.core import seat_name
from hench.maniacal.contracts import contract_cost
from hench.maniacal.data import NEGATIVE_TEXT, TYPES, scheme_name

from .tour import Question, TourStep

ME = 0  # the learner is Player 1


def _legal(s: Any) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _my_turn_to_act(s: Any) -> bool:
    """The learner chooses a Contract Phase action (no attempt in progress)."""
    return s.phase == "contract_action" and s.attempt is None and s.current_player == ME


def _name(s: Any, card: str) -> str:
    c = s.data.cards[card]
    return scheme_name(c) if c.id in {x.id for x in s.data.schemes} else str(c.name)


# -- step 2: the draft ---------------------------------------------------------------------------------
def _drafted(start: Any, now: Any) -> str:
    lair, before = now.lairs[ME], start.lairs[ME]
    built = [_name(now, r) for r in lair.rooms if r not in before.rooms]
    attraction = ", ".join(f"{t} {v}" for t, v in zip(TYPES, lair.attraction))
    what = f"you built {', '.join(built)}" if built else "you sold every pick"
    return (f"The three picks are made: {what}, and your money went from ${before.money} to ${lair.money} (a build pays "
            f"its cost, a sale takes it, MA-049, MA-056). Your attraction is now {attraction}. All picks were revealed "
            "together after each round of choices and the hands passed on (MA-042 to MA-044); the 2 cards left were "
            "discarded (MA-047). Recruitment then ran by itself: the log says who went where.")


# -- step 4: a contract ----------------------------------------------------------------------------------
def _attempted(start: Any, now: Any) -> bool:
    """The learner's first attempt of the step is over: their Infamy, money or time changed and no attempt runs."""
    lair, before = now.lairs[ME], start.lairs[ME]
    return now.attempt is None and (lair.weeks != before.weeks or now.phase != "contract_action")


def _my_contract(start: Any, now: Any) -> Any | None:
    """The contract the learner attempted: discarded since the step began, its reward what the learner gained."""
    gained = (now.lairs[ME].infamy - start.lairs[ME].infamy, now.lairs[ME].money - start.lairs[ME].money)
    fresh = [c for d in ("easy_discard", "hard_discard", "legendary_discard") for c in now.decks[d] if c not in start.decks[d]]
    hits = [now.data.cards[c] for c in fresh if gained in (now.data.cards[c].success[:2], now.data.cards[c].failure[:2])]
    return hits[0] if len(hits) == 1 else None


def _contract_said(start: Any, now: Any) -> str:
    lair, before = now.lairs[ME], start.lairs[ME]
    c = _my_contract(start, now)
    which = ""
    if c is not None:
        which = (f"It was {c.name}: Target {c.target}; success pays +{c.success[0]} Infamy and ${c.success[1]}, failure "
                 f"+{c.failure[0]} Infamy and ${c.failure[1]} (MA-121, MA-122). ")
    return (f"Your contract was resolved. {which}You now have {lair.infamy} Infamy (was {before.infamy}), ${lair.money} "
            f"(was ${before.money}) and {lair.weeks if lair.weeks is not None else 0} weeks left. The team is exhausted for "
            "the round (MA-125) and a new face-down contract of the same difficulty took its place (MA-126).")


# -- step 5: Lucifer's Lounge ----------------------------------------------------------------------------
def _visited(start: Any, now: Any) -> bool:
    return now.decks["mercenaries"] != start.decks["mercenaries"] or len(now.lairs[ME].crew) > len(start.lairs[ME].crew)


def _hired(start: Any, now: Any) -> str:
    new = [m for m in now.lairs[ME].crew if m.id not in {x.id for x in start.lairs[ME].crew}]
    who = ", ".join(_name(now, m.id) for m in new) or "nobody"
    return (f"You spent 2 weeks (MA-190) and hired {who} from Lucifer's Lounge (MA-193). A Mercenary works like any "
            "henchman for the rest of this round; in Clean-up it is paid first and goes back to the Lounge (MA-198, MA-207).")


# -- step 6: a Scheme against a rival --------------------------------------------------------------------
def _in_my_window(s: Any) -> bool:
    return s.phase == "scheme_window" and s.current_player == ME


def _window_over(start: Any, now: Any) -> bool:
    return now.phase != "scheme_window" or now.current_player != ME or (now.attempt is not start.attempt and now.attempt is None)


def _schemed(start: Any, now: Any) -> str:
    rival = seat_name(start.attempt["seat"])
    played = [s for s in start.lairs[ME].schemes if s not in now.lairs[ME].schemes]
    if not played:
        return f"You let {rival}'s attempt go ahead without a Scheme; your Scheme card stays secret in your hand (MA-162)."
    effect = NEGATIVE_TEXT.get(start.data.cards[played[0]].negative, "")
    return (f"You played {_name(start, played[0])} against {rival}: {effect}. You gained 2 Infamy for it (MA-171) and the "
            f"card is discarded; you now have {now.lairs[ME].infamy} Infamy.")


# -- step 7: clean-up ------------------------------------------------------------------------------------
def _cleaned(start: Any, now: Any) -> str:
    lair, before = now.lairs[ME], start.lairs[ME]
    fired = [_name(start, m.id) for m in before.crew if m.id not in {x.id for x in lair.crew}]
    kept = f"you let {', '.join(fired)} go" if fired else "you kept your crew"
    return (f"Clean-up is over: {kept}. Salaries were paid, $1 a henchman (MA-205), so you have ${lair.money}; Mercenaries "
            f"went back (MA-198); everyone was refreshed and new contracts were placed (MA-212, MA-213). Round {now.round} "
            f"begins with the draft, in the order players ran out of time (MA-087): "
            + ", ".join(seat_name(i) for i in now.order) + ".")


def _cleanup_done(start: Any, now: Any) -> bool:
    return now.round != start.round or now.phase not in ("firing", "salaries", "cleanup")


# -- the last step: the end ------------------------------------------------------------------------------
def _bonus_answer(s: Any) -> str:
    return str(s.bonus[ME])


def _bonus_why(s: Any) -> str:
    rank = 1 + sum(other.money > s.lairs[ME].money for other in s.lairs)
    table = ", ".join(f"+{v}" for v in s.data.tables["money_rank_bonus"][:3])
    return (f"You ended with ${s.lairs[ME].money}, money rank {rank}; the bonus is {table} Infamy for ranks 1, 2 and 3 "
            "(MA-220; equal money shares the higher rank, AMB-16; the values are an assumption: the rulebook text lost them).")


TOUR = [
    TourStep(
        "Setup and the goal",
        "<p>You are <b>Player 1</b>, a Supervillain; the bots play the others, and this whole tour is one game, from "
        "this set-up to the final score sheet. Over <b>three rounds</b> you build a secret base of Rooms, recruit "
        "henchmen with it, and send them on contracts around the world for <b>Infamy</b>; the most Infamy wins. Everyone "
        "starts with a Lackey, one secret Scheme card and some money: the first player (drawn at random) the least, "
        "each later seat $1 more. Supervillain abilities are not in the rulebook text, so this game is played without "
        "them (an assumption).</p>",
        ("MA-002", "MA-022", "MA-026", "MA-028", "MA-030", "MA-021"),
        question=Question("How much money do you (Player 1) start with?",
                          lambda s: sorted({str(lair.money) for lair in s.lairs} | {"5", "10"}, key=int),
                          lambda s: str(s.lairs[ME].money),
                          lambda s: f"The first player, {seat_name(s.order[0])}, gets ${s.data.tables['start_money'][0]} and "
                                    f"each later player ${s.data.tables['start_money'][1]} more (MA-028); you have "
                                    f"${s.lairs[ME].money}.")),
    TourStep(
        "Phase I: the secret Room draft",
        "<p>Each round starts with a draft. Under your base is your hand of 5 Room cards: pick <b>one</b> and either "
        "<b>build</b> it (pay its cost; it adds attraction for one type of henchman) or <b>sell</b> it (take its cost "
        "in money). Everyone picks in secret, the picks are revealed together and the hands passed on; you pick three "
        "times. <b>Why build?</b> Attraction decides who recruits the face-up henchmen (see “Henchmen for hire”), and "
        "henchmen are your dice on contracts. <b>Why sell?</b> Money pays salaries, and the richest get Infamy at the "
        "end. A good first draft builds towards one or two types whose face-up henchman you can reach.</p>",
        ("MA-040", "MA-041", "MA-042", "MA-043", "MA-049", "MA-053", "MA-056"),
        reach=lambda s: s.phase == "draft" and s.round == 1 and s.pick_no == 1,
        task="build or sell one Room of your hand, three times (click “build” or “sell” on a card)",
        done=lambda start, now: now.phase != "draft" or now.round != start.round,
        after=_drafted,
        question=Question("How many Room cards were in your hand at the first pick of the round?",
                          lambda s: ["3", "4", "5", "6"], lambda s: str(len(s.lairs[ME].hand)),
                          lambda s: f"Everyone is dealt {len(s.lairs[ME].hand)} Rooms (MA-040) and makes three "
                                    "build-or-sell decisions from them; the last 2 cards are discarded (MA-047, MA-048).")),
    TourStep(
        "Phase II: henchmen came to the best base",
        "<p>Recruitment ran by itself after the draft. For Beasts, then Criminals, Scientists and Mystics, the player "
        "with the <b>highest attraction</b> for that type hired the face-up henchman if their score reached its cost, "
        "and their score dropped by that cost; up to two of each type a round, ties to the earlier player in turn order. "
        "Look at the henchmen in each base now, and at the new face-up cards in “Henchmen for hire” (next round's offer).</p>",
        ("MA-070", "MA-071", "MA-072", "MA-073", "MA-076", "MA-077"),
        reach=lambda s: s.round == 1 and _my_turn_to_act(s),
        question=Question("How many henchmen (with your Lackey) do you have now?",
                          lambda s: [str(n) for n in sorted({max(0, len(s.lairs[ME].crew) + k) for k in (-1, 0, 1, 2)})],
                          lambda s: str(len(s.lairs[ME].crew)),
                          lambda s: f"You have {len(s.lairs[ME].crew)}: your Lackey (MA-065) and whoever your attraction "
                                    "recruited (MA-072, MA-073); the log says who went where.")),
    TourStep(
        "Phase III: attempt a contract",
        "<p>Now everyone spends <b>weeks</b> on the Time track; the player with the most weeks left acts. Each map card "
        "shows its back: difficulty, team size and recommended trait. Its face, with the <b>Target</b> (successes "
        "needed) and the <b>reward</b> (Infamy and money for a success, less for a failure), is turned up only when you "
        "pay the weeks. The line above the board gives <b>your best chance</b> among the contracts you can afford. "
        "Attempt a contract, assign your team, then <b>roll</b>: each trait point is one die, the recommended trait's "
        "icon counts double. With your Lackey on the team you may reroll any dice once. <b>Why this one?</b> A good "
        "player weighs the chance against the reward and the weeks it costs.</p>",
        ("MA-083", "MA-107", "MA-109", "MA-111", "MA-116", "MA-119", "MA-120", "MA-121", "MA-153"),
        reach=lambda s: _my_turn_to_act(s) and any(a.startswith("attempt ") for a in _legal(s)),
        task="attempt a contract, assign the team, roll the dice (“Roll the dice” for each die, or tick “roll the dice "
             "for me”), then compare with “done”",
        done=_attempted,
        after=_contract_said,
        question=Question("How many weeks does an attempt on the contract in Europe cost you?",
                          lambda s: ["2", "3", "4", "5"], lambda s: str(contract_cost(s, ME, "C")),
                          lambda s: f"Your Supervillain card prints the weeks for each continent (MA-109): Europe costs you "
                                    f"{contract_cost(s, ME, 'C')}. A visit costs 2 weeks; passing spends all you have left (MA-091).")),
    TourStep(
        "A visit: Lucifer's Lounge",
        "<p>Instead of a contract you may <b>visit</b> one of three Special Locations for 2 weeks: The Underground (draw "
        "a Scheme card), Hoodlum Hospital (heal Injuries for $2 each) or Lucifer's Lounge (hire a Mercenary for the "
        "round). <b>Why the Lounge now?</b> A Mercenary is one more henchman for the rest of the round: look at the map, "
        "where a contract needs a bigger team than your ready henchmen make, and every extra die lifts a chance. You pay "
        "it first at Clean-up, so keep $1 for it.</p>",
        ("MA-190", "MA-191", "MA-193", "MA-195", "MA-198"),
        reach=lambda s: _my_turn_to_act(s) and "visit lounge" in _legal(s),
        task="visit Lucifer's Lounge",
        done=_visited,
        after=_hired),
    TourStep(
        "A Scheme against a rival",
        "<p>A rival has just assigned a team to a contract, and you hold a Scheme card: before the contract is turned "
        "up, each opponent in turn may play the <b>negative half</b> of one Scheme against the attempt (raise its "
        "Target, take a die away, cost a week, injure a henchman or steal $3). Playing it earns <b>you 2 Infamy</b>. "
        "<b>Why now?</b> A Scheme is Infamy in your hand: spent against the leader it also slows them down; kept, its "
        "positive half can help your own contract later.</p>",
        ("MA-162", "MA-165", "MA-166", "MA-167", "MA-170", "MA-171"),
        reach=_in_my_window,
        task="play your Scheme against the attempt, or play no Scheme",
        done=_window_over,
        after=_schemed),
    TourStep(
        "Phase IV: clean-up",
        "<p>When everyone's time has run out, the round is cleaned up: each player pays <b>$1 per henchman</b> "
        "(Mercenaries first; one you cannot pay leaves), Mercenaries go back to Lucifer's Lounge, you may <b>fire</b> "
        "one henchman, everyone is refreshed and new contracts are placed by the Contract Key. <b>Why fire?</b> Every "
        "henchman costs $1 each round; a weak one you will not send again costs money (and money-rank Infamy) for "
        "nothing. <b>Why keep?</b> More henchmen break a tie at the end.</p>",
        ("MA-205", "MA-206", "MA-207", "MA-209", "MA-210", "MA-212", "MA-213"),
        reach=lambda s: s.phase == "firing" and s.current_player == ME,
        task="fire a henchman or keep your crew",
        done=_cleanup_done,
        after=_cleaned,
        question=Question("Who is paid first in Clean-up?",
                          lambda s: ["Mercenaries", "the Lackey", "the newest henchman"], lambda s: "Mercenaries",
                          lambda s: "Mercenaries are paid before the other henchmen (MA-207, AMB-15); a henchman you "
                                    "cannot pay leaves at once (MA-209).")),
    TourStep(
        "Round 3: the last contracts",
        "<p>Since the last step the game went on (the fold above this text lists every move, yours marked “played "
        "for you”). This is round 3, the last: the map now holds Hard and Legendary contracts with bigger rewards. After this round's "
        "clean-up the richest players get <b>Infamy by money rank</b>, so a good player now spends weeks on the "
        "contracts that pay Infamy and keeps the money that lifts their rank.</p>",
        ("MA-211", "MA-213", "MA-220", "MA-221"),
        reach=lambda s: s.round == 3 and _my_turn_to_act(s),
        question=Question("How much Infamy does the richest player get at the end of the game?",
                          lambda s: sorted({str(v) for v in s.data.tables["money_rank_bonus"]} | {"10"}, key=int),
                          lambda s: str(s.data.tables["money_rank_bonus"][0]),
                          lambda s: "The money-rank bonus is " + ", ".join(f"+{v}" for v in s.data.tables["money_rank_bonus"][:3])
                                    + " Infamy for ranks 1, 2 and 3 (MA-220; the values are an assumption: the rulebook "
                                    "text lost them).")),
    TourStep(
        "The end: the final score sheet",
        "<p>The game is over after round 3's clean-up. The <b>final score sheet</b> under the board gives each player's "
        "Infamy won in play and the money-rank bonus, and their totals; the most Infamy wins, a tie goes to the player "
        "with more henchmen (the sheet says so only when there was a tie).</p>",
        ("MA-211", "MA-220", "MA-221", "MA-222", "MA-223"),
        reach=lambda s: s.is_terminal,
        question=Question("How much money-rank bonus did you get?",
                          lambda s: sorted({str(v) for v in s.data.tables["money_rank_bonus"]}, key=int),
                          _bonus_answer, _bonus_why)),
]
