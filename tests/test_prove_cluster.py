"""`boggle prove --cluster`: a proof run as tasks on a local two-worker Dask cluster equals `--jobs 2`."""

from __future__ import annotations

import json

import pytest

from boggle_tui.cli.main import main
from boggle_tui.research import proof

distributed = pytest.importorskip("distributed", reason="the [cluster] extra is not installed")

PROOF = ("prove", "--size", "3x3", "--dictionary", "tests/data/algs4.txt", "--letters", "aest", "--threshold", "19")


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_a_proof_on_a_local_cluster_equals_two_jobs(capsys) -> None:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_cluster = run_json(capsys, *PROOF, "--json", "--cluster", cluster.scheduler_address)
    on_two_jobs = run_json(capsys, *PROOF, "--json", "--jobs", "2")
    assert on_cluster["boards"] == on_two_jobs["boards"] and on_cluster["boards"]
    assert on_cluster["classes"] == on_two_jobs["classes"]
    assert on_cluster["nodes"] == on_two_jobs["nodes"]


def test_an_address_with_no_cluster_is_one_line_and_exit_2(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proof, "CONNECT_SECONDS", 2)
    code = main([*PROOF, "--cluster", "tcp://127.0.0.1:9"])
    _, err = capsys.readouterr()
    assert code == 2 and "cannot reach the cluster" in err


def test_a_cluster_lost_mid_proof_is_one_line_saying_how_to_resume(capsys, monkeypatch, tmp_path) -> None:
    out = tmp_path / "proof.jsonl"
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None)
    recorded = proof.Journal.add

    def add_then_lose_the_cluster(journal: proof.Journal, result: object) -> None:
        recorded(journal, result)
        if cluster.status.name != "closed":
            cluster.close()  # the scheduler goes away with the first class on record

    monkeypatch.setattr(proof.Journal, "add", add_then_lose_the_cluster)
    try:
        code = main([*PROOF, "--cluster", cluster.scheduler_address, "--out", str(out)])
    finally:
        cluster.close()
    err = capsys.readouterr().err
    ours = [line for line in err.splitlines() if line.startswith("boggle")]
    assert code == 2 and "Traceback" not in err
    assert ours == [f"boggle: error: lost the cluster with 1 of 12 classes done; boggle prove --resume {out} goes on"]
    assert len(out.read_text().splitlines()) == 2  # the header and the class done
