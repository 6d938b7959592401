"""Where the tests find what they read: the repository, the golden matches, the real Tenhou corpus."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"  # hand-checked matches, one event a line
CORPUS = ROOT / "tests" / "data" / "tenhou6"  # real tenhou.net/6 logs; tests/data/tenhou6/README.md says whence
CORPUS_MORE = ROOT / "tests" / "data" / "tenhou6-more"  # 57 real games with the server XML; its README says whence
KOIKOI = ROOT / "tests" / "data" / "koikoi"  # 40 real koi-koi games of the KoiKoi-AI data set; its README says whence
