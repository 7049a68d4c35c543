"""Build the JupyterLite site: the whole game in the browser, no server, works offline.

Run it as ``./dev lite`` (which installs the ``lite`` extra first), or directly::

    .venv/bin/python lite/build.py [--output build/lite/site]

The site is a folder of static files that any web server can serve (GitHub Pages, an intranet,
``python lite/serve.py``, a USB stick with a local server).  Nothing in it is fetched from
anywhere else at run time:

1. Pyodide itself (``pyodide.mjs``, the WebAssembly CPython, the standard library) comes from the
   npm package ``pyodide`` at the version jupyterlite-pyodide-kernel is made for, and is copied
   into ``static/pyodide/`` of the site (the default build would load it from a CDN).
2. Every Python package the kernel and the notebooks import is a pure wheel from PyPI, copied
   beside it, and the Pyodide lock file is rewritten to list exactly those wheels (name, version,
   file, sha256 — Pyodide checks it — import names and dependencies read from the wheels' own
   metadata).  catan-widget's own wheel is one of them (built with ``CATAN_WIDGET_PURE=1``, so
   it is ``py3-none-any``): the kernel loads packages named by a cell's imports from that lock,
   so ``from catan_widget import CatanWidget`` works with no install cell.
3. The front-end extensions are exactly :data:`SITE_EXTENSIONS` (the Pyodide kernel, ipywidgets'
   manager, anywidget, plotly), copied from the labextensions installed in this Python
   environment, i.e. the same versions as the wheels; any other labextension installed there
   (Notebook 7's, Voila's in a test environment) stays out of the site.
4. The notebooks are copies of ``notebooks/*.ipynb`` whose kernelspec is the Pyodide kernel's
   (``python``); the committed ones keep ``python3`` for JupyterLab and Binder.
5. ``disablePyPIFallback``: ``%pip install`` resolves from the site alone.
6. The site's root page opens ``01_play`` (``lab/index.html?path=01_play.ipynb``).

Downloads (the npm tarball, the wheels) are kept in ``build/lite/cache`` inside the checkout, so a
second build is offline.  Standard library only, plus ``packaging`` and the jupyterlite packages.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]
BUILD = REPO / "build" / "lite"
DEFAULT_OUTPUT = BUILD / "site"
CACHE = BUILD / "cache"
WORK = BUILD / "work"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The runtime files of the npm package ``pyodide`` that the site needs (the lock is rewritten)."""

KERNEL_PACKAGES = ("micropip", "ipython", "jedi", "comm")
"""What the Pyodide kernel loads at start-up, besides the stub wheels its extension ships
(``piplite``, ``pyodide-kernel``, ``ipykernel``, ``widgetsnbextension``)."""

PROVIDED = {"ipykernel", "pyodide-kernel", "piplite", "widgetsnbextension", "jupyterlab-widgets"}
"""Requirements not loaded from the lock: the kernel extension's own stub wheels, and the Python
packages that only carry a front-end extension (the site has it already)."""

PROJECT = "catan-widget"

SITE_EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",  # the Pyodide kernel and piplite
    "@jupyter-widgets/jupyterlab-manager",  # ipywidgets' widget manager
    "anywidget",  # the widget's front-end loads through it
    "jupyterlab-plotly",  # the analysis notebooks' plotly figures
)
"""The front-end (federated) extensions the site carries, and no other: JupyterLite's own
application needs none (it is in jupyterlite-core's app archive)."""

LITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}
"""The kernelspec of the notebooks in the site: JupyterLite's Pyodide kernel is named ``python``."""

LITE_SETTINGS: dict[str, Any] = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}
"""Settings overrides of the site: no news toast and no update check (both would ask the web)."""


def log(msg: str) -> None:
    """Print a progress line."""
    print(f"[lite] {msg}", flush=True)


def run(cmd: list[str], **kwargs: Any) -> None:
    """Run a command, failing loudly."""
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kwargs)


# ------------------------------------------------------------------------------ Pyodide's markers


def pyodide_environment(python: str) -> dict[str, str]:
    """The PEP 508 marker values of Pyodide (CPython ``python`` compiled to WebAssembly)."""
    major_minor = ".".join(python.split(".")[:2])
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "python_version": major_minor,
        "sys_platform": "emscripten",
        "extra": "",
    }


# ----------------------------------------------------------------------------------------- wheels


@dataclass
class Wheel:
    """A pure wheel on disk and what its metadata says."""

    path: Path
    name: str  # canonical
    version: str
    requires: list[Requirement] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Wheel:
        """Read ``path``'s name, version, requirements and top-level import names."""
        name, version, _build, tags = parse_wheel_filename(path.name)
        if not any(t.abi == "none" and t.platform == "any" for t in tags):
            raise SystemExit(f"{path.name} is not a pure (none-any) wheel: Pyodide cannot load it")
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
            meta_name = next(n for n in names if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
            meta = email.parser.Parser().parsestr(zf.read(meta_name).decode())
            top_level = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
            imports = zf.read(top_level).decode().split() if top_level else _top_level(names)
        requires = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
        return cls(path, str(name), str(version), requires, sorted(set(imports)))

    def sha256(self) -> str:
        """The wheel's SHA-256 (what Pyodide checks before loading it)."""
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


def _top_level(names: list[str]) -> list[str]:
    out = set()
    for n in names:
        first = n.split("/", 1)[0]
        if first.endswith((".dist-info", ".data")) or first == "__pycache__":
            continue
        if "/" in n:
            out.add(first)
        elif first.endswith(".py"):
            out.add(first[:-3])
    return sorted(out)


def pip_download(pins: list[str], dest: Path, python: str) -> None:
    """Download the pure wheels ``pins`` (``name==version``) from the package index into ``dest``."""
    if not pins:
        return
    dest.mkdir(parents=True, exist_ok=True)
    pyver = ".".join(python.split(".")[:2])
    pure = ["--only-binary=:all:", "--implementation", "py", "--abi", "none", "--platform", "any"]
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-cache-dir"]
    run([*pip, *pure, "--python-version", pyver, "--dest", str(dest), *pins])


def find_wheel(folder: Path, name: str, version: str | None = None) -> Path | None:
    """The wheel of ``name`` (at ``version`` if given) in ``folder``, newest first."""
    found = []
    for p in folder.glob("*.whl") if folder.is_dir() else []:
        n, v, _b, _t = parse_wheel_filename(p.name)
        if n == name and (version is None or v == Version(version)):
            found.append((v, p))
    return max(found)[1] if found else None


# ----------------------------------------------------------------------------------------- steps


def build_project_wheel(dest: Path) -> Path:
    """catan-widget's wheel, pure Python (``CATAN_WIDGET_PURE=1``: no compiled engine)."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    env = {**os.environ, "CATAN_WIDGET_PURE": "1"}
    uv = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if uv:
        run([uv, "build", "--wheel", "--quiet", "--out-dir", str(dest), str(REPO)], env=env)
    else:
        pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"]
        run([*pip, "-w", str(dest), str(REPO)], env=env)
    (wheel,) = dest.glob("*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise SystemExit(f"{wheel.name}: the Lite site needs a pure py3-none-any wheel")
    return wheel


def fetch_pyodide(version: str, dest: Path) -> dict[str, Any]:
    """Unpack the runtime of the npm package ``pyodide@version`` into ``dest``; its lock file."""
    tgz = CACHE / f"pyodide-{version}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        npm_cache = str(CACHE / "npm")  # npm's cache stays in the checkout too
        pack = ["npm", "pack", f"pyodide@{version}", "--silent"]
        run([*pack, "--pack-destination", str(CACHE), "--cache", npm_cache])
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tf:
        for name in (*PYODIDE_FILES, "pyodide-lock.json", "package.json"):
            member = tf.getmember(f"package/{name}")
            src = tf.extractfile(member)
            assert src is not None
            data = src.read()
            if name == "package.json":
                got = json.loads(data)["version"]
                if got != version:
                    raise SystemExit(f"{tgz.name} holds pyodide {got}, expected {version}")
                continue
            if name == "pyodide-lock.json":
                lock: dict[str, Any] = json.loads(data)
                continue
            (dest / name).write_bytes(data)
    return lock


@dataclass
class Resolution:
    """The wheels the site ships, by canonical name, and how each was chosen."""

    wheels: dict[str, Wheel] = field(default_factory=dict)


def resolve(project: Wheel, lock: dict[str, Any], wheel_cache: Path) -> Resolution:
    """Every wheel the kernel and catan-widget need, with their dependencies, as pure wheels.

    Versions: the one Pyodide's own lock names if it satisfies every requirement seen (the set the
    kernel is tested with), else the one installed in this environment (whose front-end
    extensions the site carries), else the newest allowed.
    """
    python = lock["info"]["python"]
    env = pyodide_environment(python)
    locked = {canonicalize_name(k): v for k, v in lock["packages"].items()}
    res = Resolution()
    res.wheels[PROJECT] = project
    todo: list[Requirement] = [Requirement(n) for n in KERNEL_PACKAGES] + list(project.requires)
    while todo:
        wanted: dict[str, Requirement] = {}
        for req in todo:
            if req.marker is not None and not req.marker.evaluate(env):
                continue
            name = canonicalize_name(req.name)
            if name in PROVIDED:
                continue
            if name in res.wheels:
                if not req.specifier.contains(res.wheels[name].version, prereleases=True):
                    raise SystemExit(f"{name} {res.wheels[name].version} does not satisfy {req}")
                continue
            if name in wanted:
                wanted[name].specifier &= req.specifier
            else:
                wanted[name] = Requirement(str(req))
        pins = {}
        for name, req in wanted.items():
            pins[name] = _choose_version(name, req, locked)
        missing = [
            f"{name}=={v}" if v else f"{name}{wanted[name].specifier}"
            for name, v in pins.items()
            if not (v and find_wheel(wheel_cache, name, v))
        ]
        pip_download(missing, wheel_cache, python)
        todo = []
        for name, v in pins.items():
            path = find_wheel(wheel_cache, name, v)
            if path is None:
                raise SystemExit(f"no pure wheel of {name} {v or wanted[name].specifier} was downloaded")
            wheel = Wheel.read(path)
            res.wheels[name] = wheel
            todo.extend(wheel.requires)
    return res


def _choose_version(name: str, req: Requirement, locked: dict[str, Any]) -> str | None:
    if name in locked and req.specifier.contains(locked[name]["version"], prereleases=True):
        return str(locked[name]["version"])
    try:
        installed = metadata.version(name)
    except metadata.PackageNotFoundError:
        return None
    return installed if req.specifier.contains(installed, prereleases=True) else None


def write_lock(lock: dict[str, Any], res: Resolution, dest: Path) -> dict[str, Any]:
    """Copy the wheels into ``dest`` and write the lock listing exactly them."""
    env = pyodide_environment(lock["info"]["python"])
    packages = {}
    for name, wheel in sorted(res.wheels.items()):
        shutil.copyfile(wheel.path, dest / wheel.path.name)
        depends = sorted(
            {
                canonicalize_name(r.name)
                for r in wheel.requires
                if (r.marker is None or r.marker.evaluate(env)) and canonicalize_name(r.name) in res.wheels
            }
        )
        packages[name] = {
            "name": name,
            "version": wheel.version,
            "file_name": wheel.path.name,
            "install_dir": "site",
            "sha256": wheel.sha256(),
            "package_type": "package",
            "imports": wheel.imports,
            "depends": depends,
            "unvendored_tests": False,
        }
    new_lock = {"info": lock["info"], "packages": packages}
    (dest / "pyodide-lock.json").write_text(json.dumps(new_lock, indent=1, sort_keys=True))
    return new_lock


def lite_notebooks(dest: Path) -> list[Path]:
    """Copies of the notebooks for the Pyodide kernel (kernelspec ``python``), else unchanged."""
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    out = []
    folder = REPO / "notebooks"
    for nb_path in sorted([*folder.glob("*.ipynb"), *folder.glob("*/*.ipynb")]):
        nb = json.loads(nb_path.read_text())
        nb["metadata"]["kernelspec"] = LITE_KERNELSPEC
        target = dest / nb_path.relative_to(folder)  # notebooks/ru/01_play.ipynb: ru/01_play.ipynb
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        out.append(target)
    return out


def labextension_dirs(prefix: Path | None = None) -> list[Path]:
    """The installed folders of :data:`SITE_EXTENSIONS` under ``prefix`` (this environment's)."""
    root = (prefix or Path(sys.prefix)) / "share" / "jupyter" / "labextensions"
    dirs = [root / name for name in SITE_EXTENSIONS]
    missing = [name for name, d in zip(SITE_EXTENSIONS, dirs) if not (d / "package.json").is_file()]
    if missing:
        names = ", ".join(missing)
        raise SystemExit(f"labextensions not installed in {root}: {names} (./dev lite installs them)")
    return dirs


def write_lite_config(lite_dir: Path) -> None:
    """``jupyter-lite.json`` (no PyPI fallback), the settings overrides, and
    ``jupyter_lite_config.json``: the labextensions are :data:`SITE_EXTENSIONS` alone (the build
    takes nothing from this environment's labextensions folder by itself).
    """
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "catan-widget",
            # window.jupyterapp: the browser test runs Lab commands by name, as tests/browser does
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
            },
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    (lite_dir / "overrides.json").write_text(json.dumps(LITE_SETTINGS, indent=2))
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],  # only that addon: favicons still come
            "federated_extensions": [str(d) for d in labextension_dirs()],
        }
    }
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2))


START_PAGE = "lab/index.html?path=01_play.ipynb"
"""Where the site's root sends a visitor: the play notebook, one Run away from a board."""

ROOT_REDIRECT = f"""<head>
    <!-- catan-widget: the site opens the play notebook (JupyterLite reads this page's config
         with fetch, where this script does not run) -->
    <script>window.location.replace("{START_PAGE}");</script>"""
"""Put first in the site's ``index.html``: a visitor goes straight to ``01_play`` (JupyterLite's
root would open the file list)."""


def redirect_root(output: Path) -> None:
    """Make the site's root page open :data:`START_PAGE`."""
    index = output / "index.html"
    html = index.read_text()
    if html.count("<head>") != 1:
        raise SystemExit(f"{index}: expected one <head> to add the redirect to")
    index.write_text(html.replace("<head>", ROOT_REDIRECT, 1))


def check_site(output: Path) -> None:
    """The built site loads Pyodide from itself, with no PyPI fallback and no CDN address."""
    config = json.loads((output / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not str(kernel.get("pyodideUrl", "")).startswith("./static/pyodide/"):
        raise SystemExit(f"the site loads Pyodide from {kernel.get('pyodideUrl')!r}, not from itself")
    if kernel.get("disablePyPIFallback") is not True:
        raise SystemExit("the site may fall back to PyPI")
    lock = json.loads((output / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        wheel = output / "static" / "pyodide" / entry["file_name"]
        if hashlib.sha256(wheel.read_bytes()).hexdigest() != entry["sha256"]:
            raise SystemExit(f"{wheel}: sha256 differs from the lock")
    if START_PAGE not in (output / "index.html").read_text():
        raise SystemExit("the site's index.html does not open 01_play")
    for name in PYODIDE_FILES:
        if not (output / "static" / "pyodide" / name).is_file():
            raise SystemExit(f"static/pyodide/{name} is missing")
    listed = sorted(e["name"] for e in config.get("federated_extensions", []))
    if listed != sorted(SITE_EXTENSIONS):
        raise SystemExit(f"the site lists the front-end extensions {listed}, not {sorted(SITE_EXTENSIONS)}")
    copied = sorted(site_extension_names(output))
    if copied != sorted(SITE_EXTENSIONS):
        raise SystemExit(f"the site's extensions folder holds {copied}, not {sorted(SITE_EXTENSIONS)}")


def site_extension_names(output: Path) -> list[str]:
    """The names of the labextensions copied into the built site ``output``."""
    root = output / "extensions"
    found = [*root.glob("*/package.json"), *root.glob("@*/*/package.json")]
    return sorted(json.loads(p.read_text())["name"] for p in found)


def folder_size(path: Path) -> int:
    """Total bytes of the files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def build(output: Path, work: Path = WORK) -> Path:
    """Build the site into ``output`` (replaced), with intermediate files in ``work``; return it."""
    from jupyterlite_pyodide_kernel import constants

    started = time.perf_counter()
    lite_dir = work / "lite-dir"
    shutil.rmtree(lite_dir, ignore_errors=True)
    lite_dir.mkdir(parents=True)
    pyodide_dir = lite_dir / "static" / "pyodide"

    project = Wheel.read(build_project_wheel(work / "dist"))
    log(f"project wheel: {project.path.name}")
    lock = fetch_pyodide(constants.PYODIDE_VERSION, pyodide_dir)
    log(f"pyodide {constants.PYODIDE_VERSION} (Python {lock['info']['python']})")
    res = resolve(project, lock, CACHE / "wheels")
    new_lock = write_lock(lock, res, pyodide_dir)
    log("wheels: " + ", ".join(f"{n} {e['version']}" for n, e in new_lock["packages"].items()))
    contents = lite_notebooks(work / "contents")
    write_lite_config(lite_dir)

    shutil.rmtree(output, ignore_errors=True)
    cmd = [str(Path(sys.executable).parent / "jupyter-lite"), "build", "--lite-dir", str(lite_dir)]
    cmd += ["--output-dir", str(output), "--no-sourcemaps", "--no-unused-shared-packages"]
    cmd += ["--settings-overrides", str(lite_dir / "overrides.json")]
    if contents:  # the folder, so notebooks/ru/01_play.ipynb is ru/01_play.ipynb in the site
        cmd += ["--contents", str(work / "contents")]
    log_path = work / "jupyter-lite-build.log"
    shown = log_path.relative_to(REPO) if log_path.is_relative_to(REPO) else log_path
    log(f"$ jupyter lite build ... (its output: {shown})")
    with log_path.open("w") as out:
        done = subprocess.run(cmd, cwd=lite_dir, stdout=out, stderr=subprocess.STDOUT, check=False)
    if done.returncode:
        sys.stderr.write(log_path.read_text()[-6000:])
        raise SystemExit(f"jupyter lite build failed ({done.returncode}): see {log_path}")
    redirect_root(output)
    check_site(output)
    size = folder_size(output) / 1e6
    log(f"site built in {time.perf_counter() - started:.0f} s: {output} ({size:.0f} MB)")
    return output


def main(argv: list[str] | None = None) -> int:
    """Command line: ``lite/build.py [--output DIR] [--work DIR]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the site's folder (replaced)")
    parser.add_argument("--work", type=Path, default=WORK, help="the intermediate files' folder")
    args = parser.parse_args(argv)
    build(args.output.resolve(), args.work.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
