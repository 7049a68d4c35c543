"""The Lite build's pieces that need no browser: markers, wheels, notebooks, the plotly shim."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from catan_widget import _pyodide

from .test_lite_site import REPO, lite_build


def applies(requirement: str) -> bool:
    marker = Requirement(requirement).marker
    return marker is None or marker.evaluate(lite_build.pyodide_environment("3.14.2"))


def test_pyodide_markers_drop_what_the_browser_cannot_run() -> None:
    assert not applies('pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"')
    assert not applies('typing_extensions>=4.6; python_version < "3.12"')
    assert applies('tomli; python_version < "3.15"')
    assert applies("comm>=0.1.3")


def test_top_level_import_names_of_a_wheel() -> None:
    names = ["pkg/__init__.py", "pkg/sub/x.py", "mod.py", "pkg-1.0.dist-info/METADATA", "pkg-1.0.data/x"]
    assert lite_build._top_level(names) == ["mod", "pkg"]


def test_site_notebooks_are_the_committed_ones_with_the_pyodide_kernel(tmp_path: Path) -> None:
    copies = lite_build.lite_notebooks(tmp_path)
    folder = REPO / "notebooks"
    committed_paths = [*folder.glob("*.ipynb"), *folder.glob("*/*.ipynb")]
    expected = sorted(p.relative_to(folder) for p in committed_paths)
    assert [p.relative_to(tmp_path) for p in copies] == expected
    assert any(p.parent != tmp_path for p in copies), (
        "the translated notebooks (ru/, uk/, pl/) are in the site"
    )
    for copy in copies:
        site_nb = json.loads(copy.read_text())
        committed = json.loads((folder / copy.relative_to(tmp_path)).read_text())
        assert site_nb["metadata"]["kernelspec"]["name"] == "python"  # JupyterLite's Pyodide kernel
        assert committed["metadata"]["kernelspec"]["name"] == "python3"
        assert site_nb["cells"] == committed["cells"]


def test_plotly_shim_does_nothing_outside_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    from plotly.io import _renderers

    monkeypatch.setattr(_renderers, "nbformat", None)
    _pyodide.patch_plotly()
    assert _renderers.nbformat is None


def test_plotly_shim_under_pyodide_without_nbformat(monkeypatch: pytest.MonkeyPatch) -> None:
    from plotly.io import _renderers

    monkeypatch.setattr(_pyodide, "IN_PYODIDE", True)
    monkeypatch.setattr(_renderers, "nbformat", None)
    monkeypatch.setitem(sys.modules, "nbformat", None)  # import nbformat -> ImportError
    _pyodide.patch_plotly()
    assert isinstance(_renderers.nbformat, types.SimpleNamespace)
    assert _renderers.nbformat.__version__ >= "4.2"


def test_site_extensions_are_named_and_found_in_the_prefix(tmp_path: Path) -> None:
    root = tmp_path / "share" / "jupyter" / "labextensions"
    for name in (*lite_build.SITE_EXTENSIONS, "@voila-dashboards/jupyterlab-preview"):
        (root / name).mkdir(parents=True)
        (root / name / "package.json").write_text(json.dumps({"name": name}))
    assert lite_build.labextension_dirs(tmp_path) == [root / n for n in lite_build.SITE_EXTENSIONS]
    (root / "anywidget" / "package.json").unlink()
    with pytest.raises(SystemExit, match="anywidget"):
        lite_build.labextension_dirs(tmp_path)


def test_build_config_takes_no_labextension_from_the_environment(tmp_path: Path) -> None:
    lite_build.write_lite_config(tmp_path)
    config = json.loads((tmp_path / "jupyter_lite_config.json").read_text())["LiteBuildConfig"]
    assert config["ignore_sys_prefix"] == ["federated_extensions"]
    assert [Path(p).name for p in config["federated_extensions"]] == [
        n.split("/")[-1] for n in lite_build.SITE_EXTENSIONS
    ]
