#!/usr/bin/env python3
"""The documentation against the registry, so that the docs cannot drift.

Usage: docs_test.py GAMEAI_BINARY REPOSITORY_ROOT

Checks, from `gameai games --json` and `gameai agents GAME --json`:
  - every registered game has its page docs/<game>.md, and every game page
    (titled "... — game `name`") names a registered game;
  - each page's parameter table lists every parameter of the game with its
    range and default, and nothing else;
  - each page's agent table names every agent of the game with every
    option as `option=default`, and names no agent that does not exist;
  - the README links to every page of docs/;
  - no documentation or source file points outside the repository.
"""

import json
import os
import re
import subprocess
import sys


def run_json(binary, *args):
    out = subprocess.run([binary, *args, "--json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


# "pits: int in [1, 8], default 6 (pits per player)" -> ("1..8", "6")
DESCRIPTION = re.compile(
    r"^(?P<name>\w+): (?P<type>int|double|bool|string)"
    r"(?: in \[(?P<low>[^,]+), (?P<high>[^\]]+)\])?, default (?P<default>\S*)")


def parse_description(description):
    m = DESCRIPTION.match(description)
    if not m:
        raise ValueError(f"unexpected parameter description: {description!r}")
    if m["type"] in ("int", "double"):
        kind = f"{m['low']}..{m['high']}"
    else:
        kind = m["type"]
    return m["name"], kind, m["default"]


def section(text, title):
    """The lines of the `## title` section (up to the next `## `)."""
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text,
                  re.S | re.M)
    return m.group(1) if m else ""


def table_rows(text):
    """The cells of the rows of the first markdown table in `text`, the
    header row first, the rule under it left out."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|"):
            if rows:
                break
            continue
        if re.match(r"^\|[-| ]+\|$", line):
            continue
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def plain_number(text):
    """'100000' for '100,000' and '2^53' style ranges stay as written."""
    return text.replace(",", "")


class Checker:
    def __init__(self):
        self.failures = []

    def check(self, condition, message):
        if not condition:
            self.failures.append(message)


def check_game_page(checker, binary, game, page_path):
    name = game["name"]
    text = open(page_path, encoding="utf-8").read()
    checker.check(re.search(rf"^# .* — game `{name}`$", text, re.M),
                  f"{page_path}: the title does not say game `{name}`")

    # Parameters: every one with range and default, nothing else.
    params = section(text, "Parameters")
    documented = {row[0].strip("`"): row for row in table_rows(params)[1:]}
    wanted = set()
    for p in game["params"]:
        pname, kind, default = parse_description(p["description"])
        wanted.add(pname)
        row = documented.get(pname)
        if row is None:
            checker.check(False, f"{page_path}: parameter `{pname}` missing")
            continue
        checker.check(plain_number(row[1]) == kind,
                      f"{page_path}: `{pname}` range {row[1]!r}, "
                      f"registry {kind!r}")
        checker.check(row[2] == default,
                      f"{page_path}: `{pname}` default {row[2]!r}, "
                      f"registry {default!r}")
    for extra in set(documented) - wanted:
        checker.check(False, f"{page_path}: parameter `{extra}` is not "
                      f"a parameter of {name}")

    # Agents: every one, with every option's default; no unknown ones.
    agents = run_json(binary, "agents", name)
    rows = {row[0].strip("`"): row for row in
            table_rows(section(text, "Agents"))[1:]}
    for agent in agents:
        row = rows.get(agent["name"])
        if row is None:
            checker.check(False, f"{page_path}: agent `{agent['name']}` "
                          "missing from the agent table")
            continue
        for p in agent["params"]:
            pname, _, default = parse_description(p["description"])
            checker.check(f"`{pname}={default}`" in row[1],
                          f"{page_path}: agent `{agent['name']}` lacks "
                          f"`{pname}={default}` (has {row[1]!r})")
        if not agent["params"]:
            checker.check(row[1] == "none",
                          f"{page_path}: agent `{agent['name']}` has no "
                          f"options but the table says {row[1]!r}")
    registered = {a["name"] for a in agents}
    for extra in set(rows) - registered:
        checker.check(False, f"{page_path}: agent `{extra}` is not an agent "
                      f"of {name}")
    checker.check("## Strength" in text and "gameai match" in
                  section(text, "Strength"),
                  f"{page_path}: no strength table with its command")
    # Tensors: the observation tensor's layout (State::ObservationTensor).
    checker.check("`observation_tensor(p)`: shape" in section(text, "Tensors"),
                  f"{page_path}: no `## Tensors` section laying out "
                  "`observation_tensor(p)`: shape ...")


def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True,
                         text=True)
    if out.returncode == 0 and out.stdout.strip():
        return out.stdout.split()
    files = []
    for base, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith((".", "build"))]
        files += [os.path.relpath(os.path.join(base, n), root) for n in names]
    return files


def main():
    binary, root = sys.argv[1], sys.argv[2]
    checker = Checker()
    docs = os.path.join(root, "docs")
    games = run_json(binary, "games")
    names = {g["name"] for g in games}
    for game in games:
        page = os.path.join(docs, f"{game['name']}.md")
        if not os.path.exists(page):
            checker.check(False, f"game {game['name']} has no page {page}")
            continue
        check_game_page(checker, binary, game, page)

    # A build of some games (GAMEAI_GAMES) registers only those; the
    # others' pages are checked by a build that has them.
    with open(os.path.join(root, "src", "games.txt"), encoding="utf-8") as f:
        built_in = {line.strip() for line in f
                    if line.strip() and not line.startswith("#")}
    pages = sorted(f for f in os.listdir(docs) if f.endswith(".md"))
    for page in pages:
        text = open(os.path.join(docs, page), encoding="utf-8").read()
        m = re.search(r"^# .* — game `(\w+)`$", text, re.M)
        if m:
            checker.check(m.group(1) in names or m.group(1) in built_in,
                          f"docs/{page} documents game `{m.group(1)}`, "
                          "which is neither registered nor in src/games.txt")

    readme = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    for page in pages:
        checker.check(f"(docs/{page})" in readme,
                      f"README.md does not link to docs/{page}")

    outside = re.compile(r"\.\./shared|shared/spec|shared/seeds|/work/")
    for path in tracked_files(root):
        if path.startswith("tests/docs_test.py"):
            continue
        full = os.path.join(root, path)
        try:
            text = open(full, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if outside.search(line):
                checker.check(False, f"{path}:{number} points outside the "
                              f"repository: {line.strip()}")

    for failure in checker.failures:
        print("FAIL:", failure)
    if checker.failures:
        print(f"{len(checker.failures)} documentation check(s) failed")
        return 1
    print(f"docs match the registry: {len(games)} games, {len(pages)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
