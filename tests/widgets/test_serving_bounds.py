"""The serving bounds' arithmetic (issue 42): places sized from the per-kernel memory cap, one address's share of
the places, connections below the descriptor limit, refusals logged once per burst."""

from __future__ import annotations

import logging
import resource

import pytest

from widgets import connections
from widgets.connections import Gate, connection_bounds, raise_descriptor_limit
from widgets.places import POOLED_KERNEL_MIB, SERVER_RESERVE_MIB, memory_plan, pages_per_client


def test_places_are_sized_from_the_kernel_cap_not_a_typical_kernel():
    """Issue 42: 83 places at 200 MiB each on a 23.5 GiB machine, when each kernel may grow to 768 MiB."""
    plan = memory_plan(cap_mib=768, pooled=35, available=24064)
    assert plan.places == (24064 - SERVER_RESERVE_MIB - 35 * POOLED_KERNEL_MIB) // 768 == 22
    assert plan.worst_mib == 22 * 768 + 35 * 160 <= plan.available_mib - SERVER_RESERVE_MIB
    assert "22 places for visitors at up to 768 MiB a kernel, with 35 preheated kernels" in plan.statement()
    assert "23.5 GiB available" in plan.statement()


def test_a_small_machine_still_has_one_place_and_a_fixed_number_is_kept():
    assert memory_plan(cap_mib=768, pooled=3, available=1500).places == 1
    assert "1 place for visitors" in memory_plan(cap_mib=768, pooled=3, available=1500).statement()
    fixed = memory_plan(cap_mib=768, pooled=0, available=4096, fixed=40)
    assert fixed.places == 40 and fixed.worst_mib > fixed.available_mib  # the server warns at start on this
    assert memory_plan(cap_mib=256, pooled=0, available=24064).places == (24064 - 1024) // 256


@pytest.mark.parametrize(("places", "share", "expected"), [(8, 0.5, 4), (1, 0.5, 1), (3, 0.5, 1), (30, 1.0, 30), (83, 0.5, 41)])
def test_one_address_holds_a_share_of_the_places(places, share, expected):
    assert pages_per_client(places, share) == expected


def test_connections_stay_below_the_descriptor_limit():
    total, per_client = connection_bounds(1024, kernels=20)
    assert total == 1024 - connections.SERVER_RESERVE - 20 * connections.PER_KERNEL and per_client == total // 2
    assert connection_bounds(65536, kernels=50)[1] == connections.PER_CLIENT_DEFAULT
    assert connection_bounds(1024, kernels=20, total=300, per_client=500) == (300, 300)
    assert connection_bounds(64, kernels=10) == (16, 8)


def test_the_gate_counts_each_client_and_logs_a_burst_once(caplog):
    gate = Gate(total=5, per_client=3)
    with caplog.at_level(logging.WARNING, logger="hench.serve"):
        assert [gate.admit("a", now=0.0) for _ in range(5)] == [True, True, True, False, False]
        assert gate.admit("b", now=1.0) and gate.admit("b", now=1.0)
        assert not gate.admit("c", now=2.0), "the total is reached"
        gate.release("a")
        assert gate.admit("c", now=3.0)
        assert not gate.admit("a", now=30.0)  # a new burst
    assert gate.refused == 4 and gate.in_use() == 5
    refusals = [r.getMessage() for r in caplog.records if "Refusing connections" in r.getMessage()]
    assert len(refusals) == 2, refusals
    assert "3 are open from it (at most 3 from one address)" in refusals[0]


def test_the_soft_descriptor_limit_is_raised_toward_the_hard_one():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        now = raise_descriptor_limit(wanted=min(hard, 4096))
        assert now == min(hard, 4096) == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
