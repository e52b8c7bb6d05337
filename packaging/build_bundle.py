"""Build the desktop bundle for this operating system: `make package`, and the same on CI
(.github/workflows/bundles.yml runs this script on Windows, macOS and Linux).

    python packaging/build_bundle.py [--no-install] [--archive]

1. installs the project with the `package` and `server` extras at the versions pinned in
   packaging/constraints.txt (PyInstaller included; psycopg, so that a station's bundle can
   use a classroom server (issue 19); --no-install skips it) and checks that every
   dependency the bundle will carry is at its pinned version;
2. runs PyInstaller on packaging/dealer-trainer.spec: dist/dealer-trainer/ (and on macOS
   dist/Dealer Trainer.app);
3. puts the licence files beside the executables and, on Linux, the desktop entry, its icon
   and install-desktop-entry.sh;
4. with --archive, packs it as dist/dealer-trainer-VERSION-OS-ARCH.zip (Windows) or .tar.gz.

Run it with the Python of the environment to build from (make package uses .venv's).
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SPEC = HERE / "dealer-trainer.spec"
CONSTRAINTS = HERE / "constraints.txt"
NAME = "dealer-trainer"
MAC_APP = "Dealer Trainer.app"
EXTRAS = ("server",)  # the extras the bundle carries (the classroom server's driver, issue 19)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    """name -> version of every pin in the constraints file that applies on this machine."""
    from packaging.markers import Marker  # PyInstaller depends on packaging

    out = {}
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement, _, marker = line.partition(";")
        if marker.strip() and not Marker(marker.strip()).evaluate():
            continue
        name, _, version = requirement.partition("==")
        out[canonical(name)] = version.strip()
    return out


def runtime_closure() -> set[str]:
    """Every distribution dealer-trainer needs at run time with the bundle's ``EXTRAS``
    (its dependencies, and theirs, with the extras they are asked for: psycopg[binary])."""
    from packaging.requirements import Requirement

    seen: set[str] = set()
    todo = [(canonical(NAME), EXTRAS)]
    while todo:
        name, extras = todo.pop()
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        for text in requires:
            req = Requirement(text)
            if req.marker is not None and not any(req.marker.evaluate({"extra": extra}) for extra in ("", *extras)):
                continue
            dep = canonical(req.name)
            if dep not in seen:
                seen.add(dep)
                todo.append((dep, tuple(sorted(req.extras))))
    return seen


def check_pins() -> None:
    """The bundle carries exactly the pinned versions (every station of an exam the same build)."""
    pinned = pins()
    wrong = []
    for name in sorted(runtime_closure() | {"pyinstaller", "pyinstaller-hooks-contrib"}):
        if name == "pip":  # sqlite-utils names pip; the bundle does not carry it
            continue
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            wrong.append(f"{name}: not installed")
            continue
        if name not in pinned:
            wrong.append(f"{name} {have}: not pinned in {CONSTRAINTS.name}")
        elif have != pinned[name]:
            wrong.append(f"{name} {have}: {CONSTRAINTS.name} pins {pinned[name]}")
    if wrong:
        raise SystemExit("build_bundle: the environment does not match the pinned versions:\n  "
                         + "\n  ".join(wrong) + "\nRun without --no-install, or update the constraints file.")


def run(*cmd: str) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)


def bundle_folder() -> Path:
    return DIST / NAME


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def add_extras(folder: Path) -> None:
    """Licences beside the executables; on Linux the desktop entry and its icon."""
    shutil.copy2(ROOT / "LICENSE", folder / "LICENSE")
    shutil.copy2(ROOT / "THIRD-PARTY-NOTICES.md", folder / "THIRD-PARTY-NOTICES.md")
    shutil.copytree(HERE / "licenses", folder / "licenses", dirs_exist_ok=True)
    copy_distribution_licences(folder / "licenses" / "third-party")
    if sys.platform.startswith("linux"):
        shutil.copy2(HERE / "dealer-trainer.desktop", folder / "dealer-trainer.desktop")
        shutil.copy2(HERE / "icon" / "dealer-trainer-512.png", folder / "dealer-trainer.png")
        script = folder / "install-desktop-entry.sh"
        shutil.copy2(HERE / "install-desktop-entry.sh", script)
        script.chmod(0o755)


LICENCE_FILE = re.compile(r"(^|/)(licen[cs]e|copying|notice|authors)[^/]*$", re.IGNORECASE)


def copy_distribution_licences(target: Path) -> None:
    """The licence files that each bundled distribution ships in its metadata (and Python's own),
    under licenses/third-party/<name>/."""
    names = (runtime_closure() - {"pip"}) | {"pyinstaller"}  # PyInstaller: its bootloader is in every executable
    for name in sorted(names):
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        for file in dist.files or []:
            if ".dist-info/" in str(file).replace("\\", "/") and LICENCE_FILE.search(str(file).replace("\\", "/")):
                source = Path(dist.locate_file(file))
                if source.is_file():
                    (target / name).mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, target / name / source.name)
    for candidate in (Path(sys.base_prefix) / "LICENSE.txt",
                      Path(sys.base_prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "LICENSE.txt"):
        if candidate.is_file():
            (target / "python").mkdir(parents=True, exist_ok=True)
            shutil.copy2(candidate, target / "python" / "LICENSE.txt")
            break


def archive_name() -> str:
    import trainer

    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{NAME}-{trainer.__version__}-{system}-{machine}"


def make_archive() -> Path:
    base = DIST / archive_name()
    if sys.platform == "win32":
        return Path(shutil.make_archive(str(base), "zip", DIST, NAME))
    target = Path(f"{base}.tar.gz")
    with tarfile.open(target, "w:gz", compresslevel=6) as tar:  # keeps the modes and the .app's symlinks
        tar.add(DIST / NAME, arcname=NAME)
        if sys.platform == "darwin":
            tar.add(DIST / MAC_APP, arcname=MAC_APP)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-install", action="store_true", help="use the environment as it is")
    parser.add_argument("--archive", action="store_true", help="also pack the bundle as one file (CI artifacts)")
    args = parser.parse_args(argv)
    python = sys.executable
    if not args.no_install:
        run(python, "-m", "pip", "install", "--quiet", "-c", str(CONSTRAINTS), "-e", f".[{','.join(('package', *EXTRAS))}]")
    check_pins()
    sys.path.insert(0, str(ROOT))
    started = time.monotonic()
    run(python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC))
    took = time.monotonic() - started
    folder = bundle_folder()
    add_extras(folder)
    print(f"built {folder.relative_to(ROOT)} in {took:.0f} s: {folder_size(folder) / 2**20:.0f} MiB")
    if sys.platform == "darwin":
        print(f"built {(DIST / MAC_APP).relative_to(ROOT)}")
    if args.archive:
        target = make_archive()
        print(f"packed {target.relative_to(ROOT)}: {target.stat().st_size / 2**20:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
