#!/usr/bin/env python3
"""system_calls_stay_in_platform.py ROOT: no file of the library outside
src/platform/ includes an operating system's own header (POSIX, Linux,
Windows, macOS) or reads a Linux-only path, so that a port (macOS,
another system) replaces src/platform/ alone (docs/platforms.md). Exits 1
listing each offending line."""
import pathlib
import re
import sys

SYSTEM_HEADER = re.compile(
    r'#\s*include\s*<(unistd\.h|fcntl\.h|poll\.h|dirent\.h|pthread\.h|'
    r'dlfcn\.h|termios\.h|signal\.h|spawn\.h|sys/[^>]+|netinet/[^>]+|'
    r'arpa/[^>]+|linux/[^>]+|mach/[^>]+|windows\.h|winsock2?\.h|'
    r'ws2tcpip\.h|io\.h|psapi\.h|shlobj\.h)>')
LINUX_PATH = re.compile(r'"/(proc|sys)/')
# The Abseil members a Linux x86-64 shared library cannot take
# (src/c_api/CMakeLists.txt builds this file for that system only).
ALLOWED = {"src/c_api/absl_pic_replacements.cc"}


def main():
    root = pathlib.Path(sys.argv[1])
    files = [p for folder in ("src", "include")
             for p in (root / folder).rglob("*")
             if p.suffix in (".h", ".cc", ".c")]
    if len(files) < 50:
        sys.exit(f"{root}: only {len(files)} source files found")
    found = []
    for path in files:
        name = path.relative_to(root).as_posix()
        if name.startswith("src/platform/") or name in ALLOWED:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if SYSTEM_HEADER.search(line) or LINUX_PATH.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    if found:
        print("system calls outside src/platform/:", *found, sep="\n  ")
        sys.exit(1)
    print(f"{len(files)} files: system headers only in src/platform/")


if __name__ == "__main__":
    main()
