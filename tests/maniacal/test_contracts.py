"""Phase III, Contracts (MA-080 .. MA-201): the Time track, the four actions, contract attempts with their
Scheme window, dice, rerolls, rewards and effects; Action and Contract rooms; Special Locations.
Worked examples EX-06 .. EX-12."""

import dataclasses

import pytest

import hench
from hench.core import CHANCE, IllegalActionError
from hench.maniacal import GAME
from hench.maniacal.actions import (
    Activate,
    Assign,
    Attempt,
    Choose,
    Die,
    Done,
    Heal,
    Mark,
    NoScheme,
    Pass,
    PlayScheme,
    Remove,
    Reroll,
    Roll,
    Visit,
)
from hench.maniacal.data import Card
from hench.maniacal.table import traits_of

from .helpers import build, contract_on, edit, fresh, give, new, play, said, scheme, set_villain, take, to_contracts

SIMON, HASSAN, DAVE = 0, 1, 2
LAB, CLOAKS, MONEY_ROOM, SCHEME_ROOM, REFRESH_ROOM, REROLL_ROOM = "R40", "R22", "R05", "R08", "R11", "R06"


def refused(state, move, rule):
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(move)
    assert err.value.rule_id == rule, str(err.value)
    assert state.to_json() == before
    return err.value


def no_schemes(state):
    for lair in state.lairs:
        state.decks["schemes"] += lair.schemes
        lair.schemes = []


def duel(contract="E01", seed=1, team=("BE10",)):
    """Player 1 (Arctic Queen, home North America = 3 weeks) against Player 2; a chosen contract in North America."""
    state = new(2, seed)
    set_villain(state, 0, "SV1")
    no_schemes(state)
    contract_on(state, 0, contract)
    for card_id in team:
        give(state, 0, card_id)
    return to_contracts(state, order=[0, 1])


def lackey(state, seat=0):
    return state.data.cards[state.lairs[seat].sv].lackey


def dice(state, *faces):
    for f in faces:
        assert state.current_player == CHANCE
        state = state.apply(Die(f))
    return state


# -- the Time track --------------------------------------------------------------------------------------
@pytest.mark.rule("MA-080", "MA-081", "MA-082", "MA-083", "MA-084", "MA-085", "MA-086", "MA-091", "MA-099",
                  "MA-109", "MA-190", "MA-088")
def test_ex06_time_flow_and_ex08_contract_cost():
    state = new(3, seed=4)
    set_villain(state, HASSAN, "SV1")  # EX-08: the Arctic Queen pays 4 weeks for Europe
    no_schemes(state)
    build(state, SIMON, LAB)
    build(state, DAVE, MONEY_ROOM)
    contract_on(state, 2, "E01")
    state = to_contracts(state, order=[SIMON, HASSAN, DAVE])
    assert [lair.weeks for lair in state.lairs] == [8, 8, 8] and state.current_player == SIMON  # MA-081 .. MA-083
    state = state.apply(Activate(LAB, state.lairs[SIMON].sv))
    assert state.lairs[SIMON].weeks == 7 and state.current_player == HASSAN  # step A
    state = play(state, "attempt C", f"assign {lackey(state, HASSAN)} as brawn", "roll")
    assert state.lairs[HASSAN].weeks == 4  # step B, EX-08 (MA-109)
    state = dice(state, "icon")
    while state.current_player == HASSAN:
        state = state.apply(state.legal_actions()[-1])
    assert state.current_player == DAVE  # alone on 8
    state = state.apply(Activate(MONEY_ROOM, state.lairs[DAVE].sv))
    assert state.lairs[DAVE].weeks == 7 and state.current_player == DAVE  # step C: on top of Simon, goes again (MA-086)
    state = state.apply(Visit("underground"))
    assert [lair.weeks for lair in state.lairs] == [7, 4, 5] and state.current_player == SIMON  # step 5
    assert state.next_order == []


@pytest.mark.rule("MA-097", "MA-100", "MA-101", "MA-095", "MA-096", "MA-006")
def test_ex07_action_room_with_the_supervillain():
    state = new(3, seed=4)
    build(state, SIMON, LAB)
    scientist = next(h.id for h in state.data.henchmen if h.name == "Centrifuge")
    give(state, SIMON, scientist)
    state = to_contracts(state, order=[SIMON, HASSAN, DAVE])
    sv = state.lairs[SIMON].sv
    after = state.apply(f"activate {LAB} with {sv}")
    lair = after.lairs[SIMON]
    assert lair.weeks == 7 and not lair.sv_ready and lair.infamy == 2 and LAB in lair.used  # k = 1
    again = fresh(after.clone())
    again.lairs[DAVE].weeks = again.lairs[HASSAN].weeks = 1  # Simon is active again
    again = fresh(again)
    refused(again, Activate(LAB, scientist), "MA-100")
    other = fresh(after.clone())
    other.lairs[SIMON].used = []
    other.lairs[DAVE].weeks = other.lairs[HASSAN].weeks = 1
    other = fresh(other)
    refused(other, Activate(LAB, sv), "MA-096")  # the exhausted Supervillain cannot act again


@pytest.mark.rule("MA-098", "MA-143", "MA-150")
def test_a_henchman_activates_a_room_and_is_exhausted():
    state = new(2, seed=4)
    build(state, 0, MONEY_ROOM)
    m = give(state, 0, "BE01", injuries=1)  # an injured henchman may still activate rooms (MA-143)
    state = to_contracts(state, order=[0, 1])
    after = state.apply(Activate(MONEY_ROOM, "BE01"))
    assert after.lairs[0].money == state.lairs[0].money + 3 and not after.lairs[0].member("BE01").ready
    assert m.injuries == 1
    lk = fresh(state.clone())
    assert Activate(MONEY_ROOM, lackey(lk)) in lk.legal_actions()  # MA-150: the Lackey too


@pytest.mark.rule("MA-092", "MA-091", "MA-201", "MA-200", "MA-087", "MA-090")
def test_ex12_forced_pass():
    state = new(3, seed=4)
    no_schemes(state)
    state = to_contracts(state, order=[SIMON, HASSAN, DAVE])
    for seat in (HASSAN, DAVE):
        state.lairs[seat].weeks = None
    state.next_order = [HASSAN, DAVE]
    state.lairs[SIMON].weeks = 1
    state = fresh(state)
    assert state.legal_actions() == [Pass()]
    refused(state, Visit("lounge"), "MA-092")
    refused(state, Attempt("A"), "MA-092")
    after = state.apply(Pass())
    assert after.lairs[SIMON].weeks is None and after.next_order == [HASSAN, DAVE, SIMON]
    assert after.phase == "firing"  # the Contract Phase is over (MA-088)
    while after.phase == "firing":
        after = after.apply("keep")
    assert after.round == 2 and after.order == [HASSAN, DAVE, SIMON]


# -- attempts -----------------------------------------------------------------------------------------
@pytest.mark.rule("MA-107", "MA-125", "MA-143", "MA-152")
def test_team_assignment():
    state = duel("E02", team=("BE10", "BE01"))
    edit(state, 0, "BE01", injuries=1)
    edit(state, 0, lackey(state), ready=False)
    state = fresh(state)
    refused(state, Attempt("A"), "MA-107")  # a team of 2, but only BE10 is ready and uninjured
    edit(state, 0, "BE01", injuries=0)
    edit(state, 0, lackey(state), ready=True)
    edit(state, 0, "BE01", ready=False)
    state = fresh(state)
    s2 = state.apply(Attempt("A"))
    refused(s2, Assign("BE01"), "MA-125")
    refused(s2, Assign(lackey(s2)), "MA-152")
    refused(s2, Assign("BE10", "brawn"), "MA-152")
    s3 = s2.apply(Assign("BE10"))
    refused(s3, Assign("BE10"), "MA-107")
    edit(s3, 0, "BE01", ready=True, injuries=1)
    refused(fresh(s3), Assign("BE01"), "MA-143")


@pytest.mark.rule("MA-111", "MA-116", "MA-118", "MA-119", "MA-120", "MA-121", "MA-124", "MA-125", "MA-126",
                  "MA-003", "MA-061", "MA-063", "MA-115", "MA-068", "MA-197")
def test_a_contract_from_attempt_to_replacement():
    state = duel("E02", team=("BE10",))  # Easy, team 2, Brawn, Target 2
    state = play(state, "attempt A", "assign BE10")
    assert state.observation(1)["attempt"].get("target") is None  # still face down
    state = state.apply(f"assign {lackey(state)} as stealth")
    assert state.phase == "before_roll" and state.lairs[0].weeks == 5  # 3 weeks, then flipped (MA-111)
    assert state.observation(1)["map"][0]["id"] == "E02"
    assert state.attempt["pool"] == ["brawn"] * 4 + ["stealth"] * 5  # MA-116: one die per trait point
    state = state.apply(Roll())
    state = dice(state, "icon", *["blank"] * 8)  # a Brawn icon counts 2 (MA-119): exactly the Target
    assert state.phase == "after_roll"  # the Lackey's reroll is on offer
    easy_left = len(state.decks["easy"])
    after = state.apply(Done())
    lair = after.lairs[0]
    assert lair.infamy == 2 and lair.money == state.lairs[0].money + 3  # MA-121: Infamy = target, $ team + 1
    assert not lair.member("BE10").ready and not lair.member(lackey(after)).ready  # MA-125
    assert "E02" in after.decks["easy_discard"] and after.map[0] != "E02"  # MA-124, MA-126
    assert after.data.cards[after.map[0]].difficulty == "easy" and len(after.decks["easy"]) == easy_left - 1
    assert after.phase == "contract_action" and after.current_player == 1


@pytest.mark.rule("MA-122", "MA-123", "MA-140", "MA-142", "MA-144")
def test_failure_rewards_and_injury():
    state = duel("E01", team=("BE10",))
    edit(state, 0, "BE10", injuries=0)
    state = play(state, "attempt A", "assign BE10", "roll")
    state = dice(state, *["blank"] * 8)
    state = state.apply(Done()) if state.phase == "after_roll" else state
    assert state.phase == "effect" and state.legal_actions() == [Choose("BE10")]
    after = state.apply("choose BE10")
    assert after.lairs[0].infamy == 1 and after.lairs[0].money == state.lairs[0].money  # failure: 1 Infamy, $1 already
    assert after.lairs[0].member("BE10").injuries == 1
    again = fresh(after.clone())
    edit(again, 0, "BE10", injuries=2)  # MA-144: several tokens
    assert fresh(again).lairs[0].member("BE10").injuries == 2


@pytest.mark.rule("MA-141", "MA-183", "MA-196", "MA-195")
def test_captured_henchman_leaves_with_its_powers():
    state = duel("L01", team=())  # Legendary, team 1, failure: Captured
    give(state, 0, "ME1", powers=("PW01",))
    take(state, "PW01")
    state = fresh(state)
    state = play(state, "attempt A", "assign ME1", "roll")
    state = dice(state, *["blank"] * 8)
    state = state.apply(Done()) if state.phase == "after_roll" else state
    after = state.apply("choose ME1")
    assert after.lairs[0].member("ME1") is None and "PW01" in after.decks["power_discard"]
    assert "ME1" not in after.decks["mercenaries"]  # removed from the game at once


@pytest.mark.rule("MA-145", "MA-161", "MA-174")
def test_scheme_icon_draws_a_scheme():
    state = duel("H01", team=("BE10",))  # Hard, team 1, Target 3, success: Scheme
    state = play(state, "attempt A", "assign BE10", "roll")
    assert state.lairs[0].schemes == []
    state = dice(state, "icon", "2", *["blank"] * 6)  # 2 + 2 >= 3: success
    # Player 2's token is now further left, so the Scheme just won gets its moment after resolving (MA-172, MA-174)
    assert len(state.lairs[0].schemes) == 1 and state.phase == "after_contract"
    assert state.lairs[0].infamy == 3 and any("draws a Scheme card" in e for e in said(state))
    assert state.apply(Done()).phase == "contract_action"


@pytest.mark.rule("MA-146", "MA-180", "MA-181", "MA-182", "MA-185", "MA-184")
def test_power_goes_to_the_chosen_henchman():
    state = duel("L01", team=("BE10", "BE01"))  # Legendary, team 1, Target 4, success: Power
    state.decks["powers"].remove("PW01")
    state.decks["powers"].insert(0, "PW01")
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10", "roll")
    state = dice(state, "icon", "icon", *["blank"] * 6)
    assert state.phase == "effect"
    assert set(state.legal_actions()) == {Choose("BE10"), Choose("BE01"), Choose(lackey(state))}  # AMB-21
    after = state.apply(Choose(lackey(state)))
    m = after.lairs[0].member(lackey(after))
    assert m.powers == ("PW01",) and traits_of(after, m) == [3, 1, 1, 1]  # MA-185, EX-11's Lackey
    m = m._replace(powers=(*m.powers, "PW02"))  # MA-182: several Powers
    assert traits_of(after, m) == [3, 3, 1, 1]


@pytest.mark.rule("MA-154", "MA-152", "MA-184")
def test_ex10_and_ex11_powers_in_the_pool():
    state = duel("E01", team=())
    data = state.data
    brute = Card("TEST1", "Brute", "beast", 1, (4, 0, 0, 0), "assumed", "test card")
    state.data = dataclasses.replace(data, cards={**data.cards, "TEST1": brute})
    state.lairs[0].crew.append(type(state.lairs[0].crew[0])("TEST1", powers=("PW13",)))
    assert data.cards["PW13"].traits == (0, 1, 0, 1)  # +1 Stealth +1 Magic (EX-10)
    assert traits_of(state, state.lairs[0].crew[-1]) == [4, 1, 0, 1]  # 6 dice: 4 Brawn, 1 Stealth, 1 Magic
    edit(state, 0, lackey(state), powers=("PW01",))  # EX-11: Berserker Strength
    state.decks["powers"].remove("PW01")
    state.decks["powers"].remove("PW13")
    state._legal = None
    for trait, pool in (("brawn", ["brawn"] * 3), ("magic", ["magic"])):
        s = play(state, "attempt A", f"assign {lackey(state)} as {trait}")
        assert s.attempt["pool"] == pool


@pytest.mark.rule("MA-117")
def test_no_dice_limit():
    state = duel("E01", team=("BE10",))
    edit(state, 0, "BE10", powers=tuple(state.decks["powers"]))
    state.decks["powers"] = []
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10", "roll")
    n = len(state.attempt["pool"])
    assert n == 8 + 24 and state.attempt["pool"].count("brawn") > 7  # more dice than the box's 28 (7 per colour)
    state = dice(state, *["blank"] * n)
    assert state.phase in ("after_roll", "effect")


# -- Contract rooms ---------------------------------------------------------------------------------------
@pytest.mark.rule("MA-130", "MA-131", "MA-132", "MA-133", "MA-134", "MA-135")
def test_ex09_cloaks_and_costumes():
    state = duel("E01", team=("BE10", "BE01", "BE02"))
    build(state, 0, CLOAKS)
    build(state, 0, "R03")  # a second extra-die room
    build(state, 0, REROLL_ROOM)
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10")
    weeks, pool = state.lairs[0].weeks, list(state.attempt["pool"])
    refused(state, Activate(CLOAKS, "BE10", "magic"), "MA-131")
    after = state.apply(f"activate {CLOAKS} with BE01 as magic")  # "Mr. Moist" is BE01 here
    assert after.attempt["pool"] == pool + ["magic"] and not after.lairs[0].member("BE01").ready
    assert after.lairs[0].weeks == weeks and CLOAKS in after.lairs[0].used and after.phase == "before_roll"
    after = after.apply(Activate("R03", "BE02", "brawn"))  # MA-134: any number
    assert after.attempt["pool"].count("brawn") == pool.count("brawn") + 1
    refused(after, Activate(CLOAKS, after.lairs[0].sv, "magic"), "MA-100")  # MA-135: once per round
    rolled = dice(after.apply(Roll()), *["blank"] * len(after.attempt["pool"]))
    assert rolled.phase == "after_roll"
    refused(rolled, Activate("R03", rolled.lairs[0].sv, "brawn"), "MA-130")  # not after the roll
    rr = rolled.apply(Activate(REROLL_ROOM, rolled.lairs[0].sv))  # a reroll room works after the roll
    assert rr.phase == "reroll" and rr.attempt["reroll"]["limit"] == 2


# -- rerolls ------------------------------------------------------------------------------------------------
@pytest.mark.rule("MA-153")
def test_lackey_reroll_once_any_dice():
    state = duel("E02", team=("BE10",))
    scheme(state, 0, "reroll_three")  # keeps the after-roll step open
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10", f"assign {lackey(state)} as brawn", "roll")
    state = dice(state, *["blank"] * 9)
    assert Reroll() in state.legal_actions()
    seen = state.observation(1)
    assert seen["map"][0]["id"] == "E02" and seen["attempt"]["target"] == 2  # face up since the time was paid
    state = state.apply("lackey reroll")
    assert state.attempt["reroll"]["limit"] == 9
    state = play(state, "mark die 1", "mark die 4", "mark die 9")
    refused(state, Mark(4), "MA-177")
    state = dice(state.apply(Roll()), "1", "blank", "2")
    assert [v for _, v in state.attempt["rolled"]] == [1, 0, 0, 0, 0, 0, 0, 0, 2]  # dice 1 and 9 rerolled, 4 kept
    assert Reroll() not in state.legal_actions()  # once per contract
    refused(state, Reroll(), "MA-153")
    assert state.apply(Done()).lairs[0].infamy == 2  # 3 >= Target 2: success


@pytest.mark.rule("MA-172", "MA-173", "MA-175", "MA-176", "MA-164")
def test_positive_schemes():
    state = duel("E02", team=("BE10",))
    rr, bonus = scheme(state, 0, "reroll_three"), scheme(state, 0, "failure_bonus")
    weeks = scheme(state, 0, "gain_two_weeks")
    state = fresh(state)
    refused(state, PlayScheme(rr), "MA-172")  # a reroll needs a roll
    state = play(state, "attempt A", "assign BE10", f"assign {lackey(state)} as brawn", "roll")
    state = dice(state, *["blank"] * 9)
    t = state.lairs[0].weeks
    state = play(state, f"scheme {weeks}", f"scheme {bonus}")  # MA-173: one after another
    assert state.lairs[0].weeks == min(8, t + 2) and state.attempt["bonus"] == 1  # MA-175: no time spent
    assert {weeks, bonus} <= set(state.decks["scheme_discard"])  # MA-176
    state = state.apply(f"scheme {rr}")
    assert state.phase == "reroll" and state.attempt["reroll"]["limit"] == 3
    state = dice(play(state, "mark die 1", "mark die 2", "mark die 3", "roll"), "blank", "blank", "blank")
    state = state.apply(Done())
    assert state.lairs[0].infamy == 1 + 2  # failure, plus the bonus (MA-177e)
    draft = new(2, seed=1)
    refused(draft, PlayScheme(draft.lairs[0].schemes[0]), "MA-164")  # not outside the Contract Phase


@pytest.mark.rule("MA-177")
def test_refresh_and_cancel_harm():
    state = duel("E01", team=("BE10", "BE01"))
    edit(state, 0, "BE01", ready=False)
    ref, cancel = scheme(state, 0, "refresh_henchman"), scheme(state, 0, "cancel_harm")
    state = fresh(state)
    state = state.apply(f"scheme {ref} on BE01")
    assert state.lairs[0].member("BE01").ready and state.lairs[0].weeks == 8
    state = play(state, "attempt A", "assign BE10", "roll")
    state = dice(state, *["blank"] * 8)
    state = state.apply(Done()) if state.phase == "after_roll" else state
    assert state.phase == "effect" and PlayScheme(cancel) in state.legal_actions()
    after = state.apply(PlayScheme(cancel))
    assert after.lairs[0].member("BE10").injuries == 0 and after.phase == "contract_action"


# -- negative Schemes ----------------------------------------------------------------------------------------
def three_way(negative, contract="E02"):
    state = new(3, seed=6)
    set_villain(state, 0, "SV1")
    no_schemes(state)
    contract_on(state, 0, contract)
    give(state, 0, "BE10")
    played = scheme(state, 2, negative=negative)
    state.lairs[2].weeks = None
    state = to_contracts(state, order=[0, 1, 2])
    return state, played


@pytest.mark.rule("MA-108", "MA-165", "MA-166", "MA-167", "MA-168", "MA-169", "MA-171", "MA-162")
def test_negative_scheme_window():
    state, played = three_way("target_plus_two")
    other = scheme(state, 1, negative="remove_die")
    state.lairs[2].weeks, state.next_order = None, [2]  # Player 3 has finished its time (MA-169)
    state = fresh(state)
    assert state.observation(0)["players"][2]["schemes"] == 1  # hidden (MA-162)
    state = play(state, "attempt A", "assign BE10", f"assign {lackey(state)} as brawn")
    assert state.phase == "scheme_window" and state.attempt["asked"] == [1, 2]  # from the active player's left
    assert "target" not in state.observation(1)["attempt"]
    state = state.apply("no scheme")
    assert state.current_player == 2
    after = state.apply(f"scheme {played}")
    assert after.lairs[2].infamy == 2 and after.attempt["target"] == 4 and after.phase == "before_roll"  # +2 Target
    assert other in after.lairs[1].schemes  # MA-167: nobody else is asked


@pytest.mark.rule("MA-165", "MA-108")
@pytest.mark.parametrize("negative", ["remove_die", "extra_week", "steal_three", "injure_after"])
def test_negative_effects(negative):
    state, played = three_way(negative)
    state.lairs[2].weeks, state.next_order = None, [2]
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10", f"assign {lackey(state)} as brawn", f"scheme {played}")
    lair = state.lairs[0]
    if negative == "remove_die":
        assert state.current_player == 2 and state.attempt["pool"].count("brawn") == 4 + 1
        state = state.apply(Remove("brawn"))  # the Scheme's player chooses a die (MA-170b)
        assert state.attempt["pool"].count("brawn") == 4 + 1 - 1
    if negative == "extra_week":
        assert lair.weeks == 8 - 3 - 1
    state = dice(state.apply(Roll()), *["icon"] * len(state.attempt["pool"]))
    state = state.apply(Done()) if state.phase == "after_roll" else state
    if negative == "steal_three":
        assert state.lairs[2].money == 10 + 3
    if negative == "injure_after":
        assert state.current_player == 2 and state.phase == "effect"
        state = state.apply(Choose("BE10"))
        assert state.lairs[0].member("BE10").injuries == 1


# -- Special Locations ----------------------------------------------------------------------------------------
@pytest.mark.rule("MA-191", "MA-192", "MA-193", "MA-190", "MA-163")
def test_special_locations():
    state = duel("E01", team=("BE10",))
    edit(state, 0, "BE10", injuries=2)
    state.decks["scheme_discard"], state.decks["schemes"] = state.decks["schemes"], []
    state.lairs[1].weeks, state.next_order = None, [1]
    state = fresh(state)
    after = state.apply(Visit("underground"))
    assert len(after.lairs[0].schemes) == 1 and after.lairs[0].weeks == 6 and after.decks["scheme_discard"] == []
    hosp = after.apply(Visit("hospital"))
    assert hosp.phase == "hospital"
    healed = hosp.apply("heal BE10")
    assert healed.lairs[0].member("BE10").injuries == 1 and healed.lairs[0].money == hosp.lairs[0].money - 2
    done = healed.apply("done")
    assert done.lairs[0].weeks == 4 and done.lairs[0].member("BE10").ready  # exhausts nobody
    lounge = done.apply(Visit("lounge"))
    assert any(lounge.data.cards[m.id].type == "mercenary" for m in lounge.lairs[0].crew)


@pytest.mark.rule("MA-161", "MA-099")
def test_action_room_effects_scheme_and_refresh():
    state = duel("E01", team=("BE10",))
    build(state, 0, SCHEME_ROOM)
    build(state, 0, REFRESH_ROOM)
    edit(state, 0, "BE10", ready=False)
    state.lairs[1].weeks, state.next_order = None, [1]
    state = fresh(state)
    after = state.apply(Activate(SCHEME_ROOM, state.lairs[0].sv))
    assert len(after.lairs[0].schemes) == 1 and after.lairs[0].weeks == 7
    ref = after.apply(Activate(REFRESH_ROOM, lackey(after)))
    assert ref.phase == "effect" and set(ref.legal_actions()) == {Choose("BE10"), Choose(lackey(after))}
    done = ref.apply(Choose("BE10"))
    assert done.lairs[0].member("BE10").ready and done.phase == "contract_action" and done.lairs[0].weeks == 6


@pytest.mark.rule("MA-172", "MA-177")
def test_gain_two_weeks_never_passes_the_track_start():
    state = duel("E01", team=("BE10",))
    gain = scheme(state, 0, "gain_two_weeks")
    state.lairs[0].weeks = 7
    state.lairs[1].weeks = 5
    state = fresh(state)
    assert state.apply(PlayScheme(gain)).lairs[0].weeks == 8  # AMB-31: capped at the round's 8
    state.lairs[0].weeks = 8
    refused(fresh(state), PlayScheme(gain), "MA-177")  # MA-177b: never past the track's start


@pytest.mark.rule("MA-165")
def test_the_theft_takes_what_there_is():
    state, played = three_way("steal_three", contract="E01")
    state.lairs[0].money = 0
    state.lairs[2].weeks, state.next_order = None, [2]
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10", f"scheme {played}", "roll")
    state = dice(state, *["icon"] * 8)
    assert state.lairs[0].money == 0 and state.lairs[2].money == 10 + 2  # E01 pays $2; both are taken (AMB-28)


@pytest.mark.rule("MA-177")
@pytest.mark.parametrize("cancel", [True, False])
def test_cancel_the_schemes_injury(cancel):
    state, played = three_way("injure_after", contract="E01")
    guard = scheme(state, 0, "cancel_harm")
    state.lairs[2].weeks, state.next_order = None, [2]
    state = fresh(state)
    state = play(state, "attempt A", "assign BE10", f"scheme {played}", "roll")
    state = dice(state, *["icon"] * 8)
    assert state.phase == "after_roll" and state.legal_actions() == [Done()]  # a Scheme in hand: the pause (MA-162)
    state = state.apply(Done())
    assert state.phase == "effect" and state.current_player == 0
    assert set(state.legal_actions()) == {PlayScheme(guard), NoScheme()}
    refused(state, Choose("BE10"), "MA-141")
    if cancel:
        after = state.apply(PlayScheme(guard))
        assert after.phase == "contract_action" and after.lairs[0].member("BE10").injuries == 0
    else:
        after = state.apply(NoScheme())
        assert after.current_player == 2 and after.legal_actions() == [Choose("BE10")]
        refused(after, NoScheme(), "MA-177")
        assert after.apply(Choose("BE10")).lairs[0].member("BE10").injuries == 1


@pytest.mark.rule("MA-099", "MA-095")
def test_every_view_shows_a_refresh_rooms_choice():
    """Issue 28, item 1: while a refresh Action room asks whom to refresh (an attempt record without a contract's
    Target), every seat's observation, the notation, repr and the board are shown (they raised KeyError 'target')."""
    state = duel("E01", team=("BE10",))
    build(state, 0, REFRESH_ROOM)
    edit(state, 0, "BE10", ready=False)
    state.lairs[1].weeks, state.next_order = None, [1]
    ref = fresh(state).apply(Activate(REFRESH_ROOM, state.lairs[0].sv))
    assert ref.phase == "effect" and ref.attempt["kind"] == "room"
    for seat in (None, 0, 1):
        obs = ref.observation(seat)
        assert obs["attempt"] == {"kind": "room", "seat": 0, "effects": [["refresh"]]}
        assert "Phase III" in GAME.html(obs, seat == 0)
    assert ref.notation().startswith("r1 effect") and "maniacal" in repr(ref)


def _holding(positive: str, contract: str = "E01"):
    """A duel where Player 1 holds one Scheme card with that positive half, taken from the Scheme deck (hidden)."""
    state = duel(contract, team=("BE10",))
    card_id = next(s.id for s in state.data.schemes if s.positive == positive and s.id in state.decks["schemes"])
    state.decks["schemes"].remove(card_id)
    state.lairs[0].schemes.append(card_id)
    return fresh(state)


@pytest.mark.rule("MA-162", "MA-172")
def test_the_pause_after_the_roll_does_not_tell_which_scheme_is_held():
    """Issue 28, item 2: without a Lackey or a reroll room on the team, whether the game waits after the roll must
    not depend on which (hidden) Scheme the active player holds: the others see the same position either way."""
    seen = []
    for positive in ("reroll_three", "cancel_harm", "refresh_henchman"):
        state = play(_holding(positive), "attempt A", "assign BE10", "roll")
        state = dice(state, *["blank"] * len(state.attempt["pool"]))
        seen.append((state.phase, state.observation(1)))
    assert seen[0][0] == "after_roll"  # the holder of 'reroll 3' may use it now
    assert seen[1] == seen[0] and seen[2] == seen[0], "Player 2 can tell the Scheme cards apart"


@pytest.mark.rule("MA-162", "MA-177", "MA-170")
def test_the_cancel_window_does_not_tell_who_holds_a_cancel_scheme():
    """Issue 28, item 3: before an opponent's 'injure after' Scheme lands, the window to cancel it is opened to an
    active player holding any Scheme card, so the others see the same effects and the same seat to act whether
    or not that card is a cancel; only its holder sees the cancel among its moves."""
    seen = []
    for positive in ("cancel_harm", "reroll_three"):
        state, played = three_way("injure_after", contract="E01")
        held = next(s.id for s in state.data.schemes if s.positive == positive and s.id in state.decks["schemes"])
        state.decks["schemes"].remove(held)
        state.lairs[0].schemes.append(held)
        state.lairs[2].weeks, state.next_order = None, [2]
        state = play(fresh(state), "attempt A", "assign BE10", f"scheme {played}", "roll")
        state = dice(state, *["icon"] * 8).apply(Done())
        seen.append((state.current_player, state.observation(1), state.observation(2), set(state.legal_actions()), held))
    (seat_c, one_c, two_c, moves_c, cancel), (seat_r, one_r, two_r, moves_r, _) = seen
    assert (seat_c, one_c, two_c) == (seat_r, one_r, two_r) and seat_c == 0, "the other seats can tell the cards apart"
    assert moves_c == {PlayScheme(cancel), NoScheme()} and moves_r == {NoScheme()}


@pytest.mark.rule("MA-164", "MA-192", "MA-190", "MA-107", "MA-142", "MA-177")
def test_refusals_cite_the_rule_that_forbids_the_move():
    """Issue 28, item 6: a move of the wrong moment names the rule that forbids it, not the first rule of the
    phase it was tried in; a positive Scheme refused says why."""
    draft = new(2, seed=1)
    assert "Contract Phase" in str(refused(draft, PlayScheme(draft.lairs[0].schemes[0]), "MA-164"))
    state = duel("E01", team=("BE10", "BE01"))
    edit(state, 0, "BE10", injuries=1)
    state = fresh(state)
    assert "Hoodlum Hospital" in str(refused(state, Heal("BE10"), "MA-192"))  # not visited (MA-190)
    edit(state, 0, "BE10", injuries=0)
    state = play(fresh(state), "attempt A", "assign BE10")
    assert state.phase == "before_roll"
    refused(state, Assign("BE01"), "MA-107")  # the team of 1 is full
    state = dice(state.apply(Roll()), *["blank"] * len(state.attempt["pool"]))
    assert state.phase == "effect" and state.attempt["effects"] == [["injured"]]
    refused(state, Choose("BE01"), "MA-142")  # not on the team
    gain = _holding("gain_two_weeks")
    gain.lairs[0].weeks = 8
    assert "start" in str(refused(fresh(gain), PlayScheme(gain.lairs[0].schemes[0]), "MA-177"))  # MA-177b
    reroll = _holding("reroll_three")
    assert "roll" in str(refused(reroll, PlayScheme(reroll.lairs[0].schemes[0]), "MA-172")).split("because", 1)[-1]


@pytest.mark.rule("MA-170", "MA-111")
def test_the_remove_one_die_schemes_player_chooses_the_die():
    """Issue 28, item 5: the 'remove one die' Scheme (MA-170b) lets its player choose the die's trait, after the
    time is paid and the pool is built; the engine no longer chooses for them."""
    state, played = three_way("remove_die", contract="E01")
    state = play(state, "attempt A", "assign BE10", f"scheme {played}")
    assert state.phase == "remove_die" and state.current_player == 2
    pool = list(state.attempt["pool"])
    assert state.legal_actions() == [Remove(t) for t in ("brawn", "stealth", "intellect", "magic") if t in pool]
    assert "target" in state.observation(1)["attempt"]  # the contract is face up once the time is paid (MA-111)
    absent = next(t for t in ("brawn", "stealth", "intellect", "magic") if t not in pool)
    refused(state, Remove(absent), "MA-170")
    trait = next(t for t in pool if t != state.data.cards["E01"].trait)  # not the recommended one
    after = state.apply(GAME.parse_action(state, f"remove {trait} die"))
    left = list(pool)
    left.remove(trait)
    assert after.phase == "before_roll" and after.attempt["pool"] == left and after.current_player == 0


@pytest.mark.rule("MA-172", "MA-174", "MA-177", "MA-086")
def test_a_scheme_won_by_the_contract_that_used_the_last_weeks_can_be_played_after_resolving():
    """Issue 28, item 4: the positive half is played 'before or after resolving a contract' (MA-172), and a Scheme
    won as the reward can be used at once (MA-174): with the last weeks spent, the moment after resolving comes
    before the Time token leaves the track."""
    state = duel("H01", team=("BE10",))  # Hard, team 1, Target 3, success: a Scheme; North America costs 3 weeks
    gain = next(s.id for s in state.data.schemes if s.positive == "gain_two_weeks" and s.id in state.decks["schemes"])
    state.decks["schemes"].remove(gain)
    state.decks["schemes"].insert(0, gain)  # the reward draws it
    state.lairs[0].weeks = 3
    state.lairs[1].weeks, state.next_order = None, [1]  # Player 2 is done: Player 1 stays the active player
    state = play(fresh(state), "attempt A", "assign BE10", "roll")
    state = dice(state, "icon", "2", *["blank"] * (len(state.attempt["pool"]) - 2))
    assert state.lairs[0].schemes == [gain] and state.lairs[0].weeks == 0
    assert state.phase == "after_contract" and state.current_player == 0
    assert set(state.legal_actions()) == {PlayScheme(gain), Done()}
    state = state.apply(PlayScheme(gain))
    assert state.lairs[0].weeks == 2 and state.phase == "after_contract"  # MA-177b: no time spent
    state = state.apply(Done())
    assert state.phase == "contract_action" and state.lairs[0].weeks == 2 and state.current_player == 0


@pytest.mark.rule("MA-172", "MA-174", "MA-083")
def test_a_scheme_won_can_be_played_after_resolving_when_weeks_are_left_and_another_player_moves_ahead():
    """Issue 36: the moment after resolving came only when the contract used the last weeks; with weeks left and
    another token further left on the Time track (it acts next, MA-083), the Scheme just won had no moment."""
    state = duel("H01", team=("BE10",))
    gain = next(s.id for s in state.data.schemes if s.positive == "gain_two_weeks" and s.id in state.decks["schemes"])
    state.decks["schemes"].remove(gain)
    state.decks["schemes"].insert(0, gain)  # the reward draws it
    state.lairs[0].weeks, state.lairs[1].weeks = 5, 4  # after 3 weeks Player 1 has 2 left, Player 2 (4) moves ahead
    state = play(fresh(state), "attempt A", "assign BE10", "roll")
    state = dice(state, "icon", "2", *["blank"] * (len(state.attempt["pool"]) - 2))
    assert state.lairs[0].schemes == [gain] and state.lairs[0].weeks == 2
    assert state.phase == "after_contract" and state.current_player == 0
    assert set(state.legal_actions()) == {PlayScheme(gain), Done()}
    assert hench.state_from_json(state.to_json()) == state  # a position the rules allow, so it saves and loads
    played = state.apply(PlayScheme(gain))
    assert played.lairs[0].weeks == 4 and played.phase == "after_contract"
    assert state.apply(Done()).current_player == 1  # Player 2 is further left: it acts next


@pytest.mark.rule("MA-172", "MA-083")
def test_no_moment_after_resolving_when_the_player_acts_next_anyway():
    """With weeks left and no token ahead, the player's own next turn comes at once (its Schemes are open there)."""
    state = duel("H01", team=("BE10",))
    scheme(state, 0, "gain_two_weeks")
    state.lairs[0].weeks, state.lairs[1].weeks = 8, 1
    state = play(fresh(state), "attempt A", "assign BE10", "roll")
    state = dice(state, "icon", "2", *["blank"] * (len(state.attempt["pool"]) - 2))
    state = state.apply(Done()) if state.phase == "after_roll" else state  # the moment before resolving
    assert state.lairs[0].weeks == 5 and state.phase == "contract_action" and state.current_player == 0


@pytest.mark.rule("MA-172", "MA-177")
def test_positive_schemes_are_offered_at_every_moment_of_the_active_players_turn():
    """Issue 28, item 4: while choosing the team, at Hoodlum Hospital and in the effect step (not only a cancel)."""
    state = duel("E01", team=("BE10", "BE01"))
    edit(state, 0, "BE01", ready=False)
    ref, gain = scheme(state, 0, "refresh_henchman"), scheme(state, 0, "gain_two_weeks")
    state = play(fresh(state), "attempt A")
    assert state.phase == "assign" and PlayScheme(ref, "BE01") in state.legal_actions()  # refresh, then assign it
    after = state.apply(PlayScheme(ref, "BE01"))
    assert after.lairs[0].member("BE01").ready and Assign("BE01") in after.legal_actions()
    state = dice(play(state, "assign BE10", "roll"), *["blank"] * 8)
    state = state.apply(Done()) if state.phase == "after_roll" else state
    assert state.phase == "effect" and PlayScheme(gain) in state.legal_actions()
    hospital = duel("E01", team=("BE10",))
    gain = scheme(hospital, 0, "gain_two_weeks")
    hospital = fresh(hospital).apply("visit hospital")
    assert hospital.phase == "hospital" and PlayScheme(gain) in hospital.legal_actions()
