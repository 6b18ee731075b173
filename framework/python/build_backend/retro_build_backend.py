"""The build backend (PEP 517) of the Python package retro: what
`pip install .` at the root of the source tree runs (pyproject.toml;
docs/python.md, "Installing with pip").

It builds the CMake target retro_python_package (framework/python/
CMakeLists.txt): the module retro._retro for the Python running pip, the
framework library and every game plugin; then it packs them, with the
package's Python files, its type stubs and the manifest CMake wrote, into a
wheel of one folder, retro/, which pip installs. Only the standard library,
CMake and the compiler are used, so that pip needs nothing from a package
index, with or without build isolation.

Where it builds:
  * the CMake build folder named by the config setting build-dir
    (`pip install --config-settings build-dir=PATH .`) or by the
    environment variable RETRO_BUILD_DIR: an existing folder is built as it
    is configured (it must have been configured for a Python of the same
    version: the module's file name says which), a new one is configured;
  * else build-python/ in the source tree, configured for the Python running
    pip (tests, benchmarks and MPI off). CMAKE_ARGS adds options to a
    configuration (`CMAKE_ARGS="-DRETRO_GAMES=oware;surakarta"`).
"""
import base64
import hashlib
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys
import sysconfig
import zipfile

NAME = "retro"
SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SUMMARY = "Read retro's endgame databases: probes, values, statistics, verification"


def _version():
    """The project's version, from the top CMakeLists.txt's project()."""
    with open(os.path.join(SOURCE_DIR, "CMakeLists.txt"), encoding="utf-8") as cmake:
        found = re.search(r"project\(\s*retro\s+VERSION\s+([0-9.]+)", cmake.read())
    if not found:
        raise RuntimeError("no project(retro VERSION ...) in CMakeLists.txt")
    return found.group(1)


def _wheel_tag():
    """The tag of a wheel holding a CPython extension for this interpreter
    and platform, e.g. cp311-cp311-linux_x86_64."""
    if sys.implementation.name != "cpython":
        raise RuntimeError(f"the module retro is built for CPython, not {sys.implementation.name}")
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    abi = python + (getattr(sys, "abiflags", "") or "")
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{abi}-{platform}"


def _metadata(version):
    return "".join([
        "Metadata-Version: 2.1\n",
        f"Name: {NAME}\n",
        f"Version: {version}\n",
        f"Summary: {SUMMARY}\n",
        "License: see LICENSE in the source tree\n",
        "Requires-Python: >=3.8\n",
        "Provides-Extra: numpy\n",
        "Requires-Dist: numpy; extra == \"numpy\"\n",
    ])


def _wheel_file(tag):
    return ("Wheel-Version: 1.0\n"
            "Generator: retro_build_backend\n"
            "Root-Is-Purelib: false\n"
            f"Tag: {tag}\n")


def _dist_info(version):
    return f"{NAME}-{version}.dist-info"


def _build_dir(config_settings):
    """The CMake build folder, and whether the caller named it."""
    named = (config_settings or {}).get("build-dir") or os.environ.get("RETRO_BUILD_DIR")
    if named:
        return os.path.abspath(named), True
    return os.path.join(SOURCE_DIR, "build-python"), False


def _run(command):
    print("retro_build_backend: " + " ".join(shlex.quote(c) for c in command), file=sys.stderr)
    subprocess.run(command, check=True, stdout=sys.stderr)


def _build(config_settings):
    """Configures (when new) and builds retro_python_package; the manifest's
    lines."""
    cmake = shutil.which("cmake")
    if cmake is None:
        raise RuntimeError("building the package retro needs CMake (Debian: apt install cmake)")
    build_dir, named = _build_dir(config_settings)
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        command = [cmake, "-S", SOURCE_DIR, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                   "-DRETRO_PYTHON=ON", "-DRETRO_BUILD_TESTS=OFF",
                   "-DRETRO_BUILD_BENCHMARKS=OFF", "-DRETRO_MPI=OFF",
                   f"-DPython_EXECUTABLE={sys.executable}"]
        if shutil.which("ninja"):
            command += ["-G", "Ninja"]
        command += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        _run(command)
    elif not named:
        # The default folder serves whichever Python runs pip.
        _run([cmake, "-S", SOURCE_DIR, "-B", build_dir, f"-DPython_EXECUTABLE={sys.executable}"])
    _run([cmake, "--build", build_dir, "--target", "retro_python_package"])
    manifest = os.path.join(build_dir, "python", "package-manifest.txt")
    if not os.path.exists(manifest):
        raise RuntimeError(f"{build_dir} made no {manifest}: is RETRO_PYTHON on there?")
    with open(manifest, encoding="utf-8") as lines:
        return [line.split() for line in lines if line.strip()]


def _package_files(manifest):
    """(path in the wheel, file on disk) of every file of the package."""
    files = []
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for entry in manifest:
        kind, path = entry[0], entry[1] if len(entry) > 1 else ""
        if kind == "module":
            if not path.endswith(suffix):
                raise RuntimeError(f"{path} was built for another Python than {sys.executable} "
                                   f"(whose modules end in {suffix}): build in another folder")
            files.append((f"{NAME}/_retro{suffix}", path))
        elif kind == "library":
            files.append((f"{NAME}/{entry[2]}", path))  # under its SONAME
        elif kind in ("plugin", "file"):
            files.append((f"{NAME}/{os.path.basename(path)}", path))
    return files


def _set_runpath(data, runpath, name, required):
    """Rewrites, in place, the RUNPATH (or RPATH) of the 64-bit
    little-endian ELF shared object `data` (a bytearray) to `runpath`: the
    build tree's (its bin/ folder, and the empty entries CMake pads with,
    which the loader would read as the working folder) becomes "$ORIGIN",
    the package folder. When the old one is shorter, an empty one instead,
    or an error if `runpath` is `required`."""
    if data[:6] != b"\x7fELF\x02\x01":
        raise RuntimeError(f"{name}: not a 64-bit little-endian ELF file")
    phoff, = struct.unpack_from("<Q", data, 32)
    phentsize, phnum = struct.unpack_from("<HH", data, 54)
    loads, dynamic = [], None
    for i in range(phnum):
        header = phoff + i * phentsize
        kind, _, offset, vaddr, _, filesz = struct.unpack_from("<IIQQQQ", data, header)
        if kind == 1:  # PT_LOAD
            loads.append((vaddr, filesz, offset))
        elif kind == 2:  # PT_DYNAMIC
            dynamic = (offset, filesz)
    if dynamic is None:
        raise RuntimeError(f"{name}: no dynamic section")
    strtab, paths = None, []
    for at in range(dynamic[0], dynamic[0] + dynamic[1], 16):
        tag, value = struct.unpack_from("<qQ", data, at)
        if tag == 0:  # DT_NULL
            break
        if tag == 5:  # DT_STRTAB
            strtab = value
        elif tag in (15, 29):  # DT_RPATH, DT_RUNPATH
            paths.append(value)
    # The string table's file offset, from the loaded segment holding it.
    table = None
    for vaddr, size, file_offset in loads:
        if strtab is not None and vaddr <= strtab < vaddr + size:
            table = strtab - vaddr + file_offset
    if table is None:
        raise RuntimeError(f"{name}: no string table")
    new = runpath.encode()
    for path in paths:
        begin = table + path
        end = data.index(b"\0", begin)
        text = new
        if len(new) > end - begin:
            if required:
                raise RuntimeError(f"{name}: its RUNPATH is shorter than {runpath}")
            text = b""
        data[begin:end] = text + b"\0" * (end - begin - len(text))


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


# The hooks of PEP 517.

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version()
    folder = os.path.join(metadata_directory, _dist_info(version))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "w", encoding="utf-8") as out:
        out.write(_metadata(version))
    with open(os.path.join(folder, "WHEEL"), "w", encoding="utf-8") as out:
        out.write(_wheel_file(_wheel_tag()))
    return os.path.basename(folder)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    tag = _wheel_tag()
    files = _package_files(_build(config_settings))
    dist_info = _dist_info(version)
    wheel_name = f"{NAME}-{version}-{tag}.whl"
    record = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w",
                         zipfile.ZIP_DEFLATED) as wheel:
        def add(name, data, mode=0o644):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
            record.append(_record_line(name, data))

        for name, path in files:
            with open(path, "rb") as source:
                data = bytearray(source.read())
            shared_object = name.endswith(".so") or ".so." in name
            if shared_object:
                # The module needs its folder's library; the others find
                # theirs loaded already.
                _set_runpath(data, "$ORIGIN", name, required="/_retro" in name)
            add(name, bytes(data), 0o755 if shared_object else 0o644)
        add(f"{dist_info}/METADATA", _metadata(version).encode())
        add(f"{dist_info}/WHEEL", _wheel_file(tag).encode())
        add(f"{dist_info}/top_level.txt", f"{NAME}\n".encode())
        record_name = f"{dist_info}/RECORD"
        record.append(f"{record_name},,\n")
        wheel.writestr(zipfile.ZipInfo(record_name, date_time=(1980, 1, 1, 0, 0, 0)),
                       "".join(record))
    return wheel_name
