#!/usr/bin/env python3
"""Tests of `gameai serve` / `gameai connect` and the Python and Java
clients on loopback (docs/protocol.md). Every process a test starts is
stopped in a finally block; every wait is bounded.

usage: net_test.py GAMEAI_BINARY SOURCE_DIR [TEST ...]
"""

import contextlib
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest

GAMEAI = None
SOURCE = None
FIXED_BOT_PY = None  # the example MiniRisk bot on the Python client
TIMEOUT = 60  # seconds, for any one process


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Procs:
    """The processes of one test, all stopped at the end."""

    def __init__(self):
        self.procs = []

    def start(self, args, **kw):
        p = subprocess.Popen(args, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, **kw)
        self.procs.append(p)
        return p

    def stop_all(self):
        for p in self.procs:
            if p.poll() is None:
                p.kill()
            try:
                p.communicate(timeout=5)
            except Exception:
                pass


class Server:
    """`gameai serve` with its stderr read on a thread."""

    def __init__(self, procs, args):
        self.proc = procs.start([GAMEAI, "serve"] + args)
        self.err = []
        self.port = None
        ready = threading.Event()

        def read():
            for line in self.proc.stderr:
                self.err.append(line)
                if "listening on" in line and self.port is None:
                    self.port = int(line.rsplit(":", 1)[1])
                    ready.set()
            ready.set()

        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()
        if not ready.wait(10) or self.port is None:
            raise AssertionError("server did not start: " + "".join(self.err))

    def finish(self):
        """Its stdout once it exits (stderr stays with the reader)."""
        timer = threading.Timer(TIMEOUT, self.proc.kill)
        timer.start()
        try:
            out = self.proc.stdout.read()
            self.proc.wait()
        finally:
            timer.cancel()
        self.reader.join(5)
        return out

    def seat_counters(self):
        seats = {}
        for line in self.err:
            if line.startswith("gameai serve: seat {"):
                c = json.loads(line.split("seat ", 1)[1])
                seats[c["label"]] = c
        return seats


def connect(procs, port, agent, token, *extra):
    return procs.start([GAMEAI, "connect", f"127.0.0.1:{port}", "--agent",
                        agent, "--token", token] + list(extra))


def python_bot(procs, port, token):
    env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "python"))
    return procs.start([sys.executable, FIXED_BOT_PY,
                        f"127.0.0.1:{port}", token], env=env)


def match_json(agents, games, seed, game="minirisk"):
    out = subprocess.run([GAMEAI, "match", game, "--agents",
                          ",".join(agents), "--games", str(games), "--seed",
                          str(seed), "--json"], capture_output=True,
                         text=True, timeout=TIMEOUT, check=True).stdout
    return json.loads(out)


def standings(doc):
    doc = dict(doc)
    doc.pop("elapsed_seconds")
    return doc


def wait_for_lines(path, count):
    """Until the file at `path` holds `count` lines (bounded by TIMEOUT)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        with open(path) as f:
            if sum(1 for _ in f) >= count:
                return
        time.sleep(0.005)


def hello(sock, token, protocol=1):
    sock.sendall((json.dumps({"type": "hello", "protocol": protocol,
                              "name": "t", "token": token}) + "\n").encode())


def play_seat(port, token, answer):
    """Plays one remote seat by hand: answer(act, k) gives the fields of the
    reply to the k-th act. Returns every message received, up to and
    including tournament_end."""
    received = []
    acts = 0
    with socket.create_connection(("127.0.0.1", port),
                                  timeout=TIMEOUT) as sock:
        hello(sock, token)
        for raw in sock.makefile("rb"):
            m = json.loads(raw)
            received.append(m)
            if m["type"] == "tournament_end":
                break
            if m["type"] == "act":
                reply = {"type": "action", "request": m["request"]}
                reply.update(answer(m, acts))
                acts += 1
                sock.sendall((json.dumps(reply) + "\n").encode())
    return received


@contextlib.contextmanager
def one_line_server(line, linger):
    """A fake server on loopback: takes one connection, reads its hello,
    sends `line` and holds the connection `linger` seconds. Yields its
    port; stopped on leaving."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(TIMEOUT)

    def serve():
        conn, _ = listener.accept()
        with conn:
            conn.recv(65536)  # the hello
            conn.sendall(line)
            time.sleep(linger)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        thread.join(TIMEOUT)
        listener.close()


def read_message(sock, timeout=5):
    sock.settimeout(timeout)
    data = b""
    while not data.endswith(b"\n"):
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return json.loads(data.split(b"\n")[0]) if data else None


class NetTest(unittest.TestCase):
    def setUp(self):
        self.procs = Procs()
        self.dir = tempfile.mkdtemp(prefix="gameai_net_")

    def tearDown(self):
        self.procs.stop_all()
        shutil.rmtree(self.dir, ignore_errors=True)

    def java_classes(self):
        """The Java client and its FixedBot, compiled into a folder."""
        javac = shutil.which("javac")
        self.assertIsNotNone(javac, "javac (default-jdk-headless) is needed")
        classes = os.path.join(self.dir, "classes")
        subprocess.run([javac, "-d", classes,
                        os.path.join(SOURCE, "java", "GameaiClient.java"),
                        os.path.join(SOURCE, "examples", "minirisk_bots",
                                     "FixedBot.java")],
                       check=True, timeout=TIMEOUT)
        return classes

    def fixed_bot(self, name, address, retry_ms, classes=None):
        """The Python or Java example client (FixedBot) on `address` with
        token "t", retrying for `retry_ms` after a loss."""
        if name == "python":
            env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "python"))
            return self.procs.start(
                [sys.executable, FIXED_BOT_PY, address, "t",
                 str(retry_ms / 1000)], env=env)
        return self.procs.start(["java", "-cp", classes, "FixedBot", address,
                                 "t", str(retry_ms)])

    def tokens(self, *tokens):
        path = os.path.join(self.dir, "tokens")
        with open(path, "w") as f:
            f.write("\n".join(tokens) + "\n")
        return path

    def test_remote_seats_give_the_standings_of_match(self):
        """Python, Java and gameai connect seats: the standings equal
        gameai match with the same agents and seed."""
        classes = self.java_classes()
        agents = ["fixed", "fixed", "rl", "random", "naive_mc(rollouts=20)"]
        server = Server(self.procs, [
            "minirisk", "--seats",
            "remote(name=fixed),remote(name=fixed),remote(name=rl),"
            "remote(name=random),naive_mc(rollouts=20)",
            "--games", "10", "--seed", "7", "--port", "0", "--json",
            "--token-file", self.tokens("py", "java", "rl", "rnd")])
        clients = [
            python_bot(self.procs, server.port, "py"),
            self.procs.start(["java", "-cp", classes, "FixedBot",
                              f"127.0.0.1:{server.port}", "java"]),
            connect(self.procs, server.port, "rl", "rl"),
            connect(self.procs, server.port, "random", "rnd"),
        ]
        served = json.loads(server.finish())
        for c in clients:
            out, err = c.communicate(timeout=TIMEOUT)
            self.assertEqual(c.returncode, 0, err)
        self.assertEqual(standings(served),
                         standings(match_json(agents, 10, 7)))
        for counters in server.seat_counters().values():
            self.assertEqual(counters["moves"], 150, counters)

    def test_cheating_client_is_refereed_and_others_finish(self):
        """A client that bids a card it does not hold, replies late, sends
        garbage and disconnects mid-game: every violation is rejected and
        counted; the other seats play every game."""
        server = Server(self.procs, [
            "minirisk", "--seats", "remote(name=cheater),remote(name=rl),"
            "fixed,random,remote(name=fixed)",
            "--games", "10", "--seed", "3", "--port", "0", "--json",
            "--move-ms", "300",
            "--token-file", self.tokens("cheat", "rl", "fixed")])
        env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "python"))
        cheater = self.procs.start(
            [sys.executable, os.path.join(SOURCE, "tests", "net",
                                          "cheating_client.py"),
             str(server.port), "cheat"], env=env)
        rl = connect(self.procs, server.port, "rl", "rl")
        fixed = connect(self.procs, server.port, "fixed", "fixed")
        out = server.finish()
        self.assertEqual(server.proc.returncode, 0, "".join(server.err))
        served = json.loads(out)
        out, err = cheater.communicate(timeout=TIMEOUT)
        self.assertEqual(cheater.returncode, 0, err)
        report = json.loads(out)
        for c in (rl, fixed):
            c.communicate(timeout=TIMEOUT)
            self.assertEqual(c.returncode, 0)
        seats = server.seat_counters()
        cheat = seats["cheater"]
        self.assertEqual(cheat["illegal"], 1)
        log = [(x.get("game_index"), x.get("reason"), x.get("action")) for x in served["illegal_action_log"]]
        self.assertEqual(cheat["timeouts"], 1, (cheat, log, report))
        self.assertEqual(cheat["late"], 1)
        self.assertEqual(cheat["malformed"], 2)
        self.assertGreaterEqual(cheat["connects"], 2)
        self.assertGreaterEqual(cheat["disconnected_moves"], 1)
        # Every violation the arena counted is one the server saw.
        agents = {a["spec"]: a for a in served["agents"]}
        self.assertEqual(agents["cheater"]["illegal_actions"],
                         1 + 1 + 2 + cheat["disconnected_moves"])
        self.assertEqual(served["games"], 10)
        for spec in ("rl", "fixed", "random"):
            self.assertEqual(agents[spec]["illegal_actions"], 0, spec)
        # The cheater was told of each rejected reply it sent.
        self.assertGreaterEqual(report["rejected"], 5)
        self.assertGreaterEqual(report["games_ended"], 9)

    def test_bad_hellos_are_refused_and_the_tournament_goes_on(self):
        """A wrong token, a wrong protocol version, garbage, an oversized
        line and a second client for a taken seat each get an error and
        are closed; the tournament finishes."""
        server = Server(self.procs, [
            "minirisk", "--seats", "remote(name=fixed),fixed,random,rl,fixed",
            "--games", "5", "--seed", "2", "--port", "0", "--json",
            "--max-message-bytes", "1024", "--move-ms", "20",
            "--token-file", self.tokens("good")])
        port = server.port

        def refused(send):
            with socket.create_connection(("127.0.0.1", port), 5) as s:
                send(s)
                m = read_message(s)
                self.assertEqual(m["type"], "error", m)
                self.assertEqual(s.recv(1), b"")  # then closed
                return m["message"]

        self.assertIn("unknown token", refused(lambda s: hello(s, "bad")))
        self.assertIn("protocol", refused(lambda s: hello(s, "good", 2)))
        self.assertIn("JSON", refused(lambda s: s.sendall(b"garbage\n")))
        self.assertIn("longer than 1024",
                      refused(lambda s: s.sendall(b"x" * 5000)))
        # A client that holds the seat (and never answers in time) keeps it
        # against a second hello with the same token.
        holder = socket.create_connection(("127.0.0.1", port), 5)
        hello(holder, "good")
        self.assertEqual(read_message(holder)["type"], "welcome")
        self.assertIn("already has a client",
                      refused(lambda s: hello(s, "good")))
        holder.close()
        # The seat's owner comes back with its token. Once the holder is
        # gone the referee plays the seat without waiting, so on a loaded
        # machine the tournament may be over before this client is in:
        # then it says so, and exits 1.
        player = connect(self.procs, port, "fixed", "good")
        served = json.loads(server.finish())
        _, err = player.communicate(timeout=TIMEOUT)
        if player.returncode != 0:
            self.assertEqual(player.returncode, 1, err)
            self.assertRegex(err, r"no server at|lost the server")
        self.assertEqual(served["games"], 5)
        for a in served["agents"]:
            if a["spec"] != "fixed":
                self.assertEqual(a["illegal_actions"], 0, a)

    def test_connect_with_a_wrong_token_fails_with_the_message(self):
        # The server waits (up to a minute) for its remote seat's client,
        # so it is still there, however loaded the machine, when the wrong
        # one is refused; then it is stopped.
        server = Server(self.procs, [
            "minirisk", "--seats", "remote,fixed,random,rl,fixed",
            "--games", "5", "--port", "0", "--wait-ms", "60000",
            "--move-ms", "50", "--token-file", self.tokens("right")])
        bad = connect(self.procs, server.port, "fixed", "wrong")
        _, err = bad.communicate(timeout=TIMEOUT)
        self.assertEqual(bad.returncode, 1)
        self.assertIn("unknown token", err)
        server.proc.kill()
        server.proc.wait()

    def test_serve_names_what_is_wrong_in_its_options(self):
        twice = os.path.join(self.dir, "tokens_twice")
        with open(twice, "w") as f:
            f.write("same\nsame\n")
        cases = [
            (["--seats", "remote,fixed"], "has 5"),
            (["--seats", "remote(nme=x),fixed,random,rl,fixed"],
             "accepted: name"),
            (["--seats", "remote,remote,fixed,random,rl", "--token-file",
              self.tokens("only-one")], "must hold 2 tokens"),
            (["--seats", "remote,fixed,random,rl,fixed", "--bind", "nowhere"],
             "not an IP address"),
            # A repeated token would leave a seat no client can take.
            (["--seats", "remote,remote,fixed,random,rl", "--token-file",
              twice], "token 2 is given twice"),
            (["--seats", "remote(name=a\x1bb),fixed,random,rl,fixed"],
             "seat 0 'remote(name=a\\x1bb)' is not printable UTF-8 text"),
            (["--seats", "remote(name=),fixed,random,rl,fixed"],
             "the name is empty"),
            # Read no further than a token file's bound.
            (["--seats", "remote,fixed,random,rl,fixed", "--token-file",
              "/dev/zero"], "--token-file: "),
            (["--seats", "fixed,fixed,random,rl,fixed", "--token-file",
              self.tokens("spare")], "no seat is 'remote'"),
        ]
        for extra, message in cases:
            r = subprocess.run([GAMEAI, "serve", "minirisk", "--port", "0"]
                               + extra, capture_output=True, text=True,
                               timeout=TIMEOUT)
            self.assertNotEqual(r.returncode, 0, extra)
            self.assertIn(message, r.stderr, extra)
        # Bytes that are not UTF-8 (a spec, a token) go into no JSON.
        latin = os.path.join(self.dir, "latin_token")
        with open(latin, "wb") as f:
            f.write(b"caf\xe9\n")
        for extra, message in [
                ([b"--seats", b"fixed(x=\xff),fixed,random,rl,fixed"],
                 "is not printable UTF-8 text"),
                ([b"--seats", b"remote,fixed,random,rl,fixed",
                  b"--token-file", os.fsencode(latin)],
                 "token 1 is not printable UTF-8 text ('caf\\xe9')")]:
            r = subprocess.run([os.fsencode(GAMEAI), b"serve", b"minirisk",
                                b"--port", b"0"] + extra,
                               capture_output=True, timeout=TIMEOUT)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn(message, r.stderr.decode(), extra)
        # A token file that cannot be read is exit 1, with the reason.
        r = subprocess.run([GAMEAI, "serve", "minirisk", "--port", "0",
                            "--seats", "remote,fixed,random,rl,fixed",
                            "--token-file", os.path.join(self.dir, "none")],
                           capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("No such file or directory", r.stderr)

    def test_welcome_gives_the_games_that_will_be_played(self):
        # Two distinct specs rotate through five seats: 3 games become 5.
        server = Server(self.procs, [
            "minirisk", "--seats", "remote,fixed,fixed,fixed,fixed",
            "--games", "3", "--port", "0", "--wait-ms", "60000",
            "--move-ms", "2000", "--token-file", self.tokens("seat")])
        received = play_seat(server.port, "seat",
                             lambda act, k: {"action":
                                             act["legal_actions"][0]["id"]})
        server.finish()
        welcome = received[0]
        self.assertEqual(welcome["type"], "welcome")
        starts = [m for m in received if m["type"] == "game_start"]
        self.assertEqual(welcome["games"], len(starts))
        self.assertEqual(received[-1]["standings"]["games"], len(starts))

    def test_resumed_server_reaches_the_standings_of_an_uninterrupted_run(self):
        """The server is killed mid-tournament and resumed from its log."""
        log = os.path.join(self.dir, "games.jsonl")
        port = free_port()
        seats = ["remote(name=random)", "rl", "planner(rollouts=10)", "fixed",
                 "remote(name=fixed)"]
        args = ["minirisk", "--seats", ",".join(seats), "--games", "20",
                "--seed", "5", "--port", str(port), "--json",
                "--token-file", self.tokens("a", "b")]
        server = Server(self.procs, args + ["--log", log])
        clients = [connect(self.procs, port, "random", "a", "--retry-ms",
                           "20000"),
                   connect(self.procs, port, "fixed", "b", "--retry-ms",
                           "20000")]
        wait_for_lines(log, 6)  # the header and 5 games
        server.proc.send_signal(signal.SIGKILL)
        server.proc.communicate(timeout=10)
        with open(log) as f:
            logged = sum(1 for _ in f) - 1
        self.assertLess(logged, 20, "the tournament ended before the kill")
        # A new log at the same path is refused, not overwritten.
        refused = subprocess.run([GAMEAI, "serve"] + args + ["--log", log],
                                 capture_output=True, text=True,
                                 timeout=TIMEOUT)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("--resume", refused.stderr)
        resumed = Server(self.procs, args + ["--resume", log])
        served = json.loads(resumed.finish())
        for c in clients:
            _, err = c.communicate(timeout=TIMEOUT)
            self.assertEqual(c.returncode, 0, err)
        agents = ["random", "rl", "planner(rollouts=10)", "fixed", "fixed"]
        self.assertEqual(standings(served),
                         standings(match_json(agents, 20, 5)))
        with open(log) as f:
            lines = [json.loads(l) for l in f]
        games = [l["index"] for l in lines if l["type"] == "game"]
        self.assertEqual(games, list(range(20)))

    def test_daifugo_connect_seats_give_the_standings_of_match(self):
        """Daifugo (hidden hands) with gameai connect seats: each rebuilds
        its seat's view from the text, and the standings equal match."""
        game = "daifugo(games=3)"
        agents = ["heuristic", "montecarlo", "heuristic", "random",
                  "montecarlo(playouts=8)"]
        server = Server(self.procs, [
            game, "--seats", "remote(name=heuristic),remote(name=montecarlo),"
            "heuristic,random,montecarlo(playouts=8)",
            "--games", "5", "--seed", "11", "--port", "0", "--json",
            "--token-file", self.tokens("h", "m")])
        clients = [connect(self.procs, server.port, agents[0], "h"),
                   connect(self.procs, server.port, agents[1], "m")]
        served = json.loads(server.finish())
        for c in clients:
            _, err = c.communicate(timeout=TIMEOUT)
            self.assertEqual(c.returncode, 0, err)
        self.assertEqual(standings(served),
                         standings(match_json(agents, 5, 11, game)))
        for counters in server.seat_counters().values():
            self.assertGreater(counters["moves"], 0, counters)
            self.assertEqual(counters["illegal"] + counters["declined"] +
                             counters["timeouts"] + counters["malformed"],
                             0, counters)

    def test_connect_seats_give_the_standings_of_match_in_every_game(self):
        """Yacht, the Lines board and Kalah with a gameai connect seat:
        the standings equal match (MiniRisk and Daifugo have their own)."""
        cases = [
            ("yacht", ["random", "dice8"]),
            ("linesboard(rows=6,cols=8,max_turns=40)", ["random", "greedy"]),
            ("mancala(pits=4,seeds=3)", ["greedy", "beginner"]),
        ]
        for game, agents in cases:
            with self.subTest(game=game):
                server = Server(self.procs, [
                    game, "--seats", f"remote(name={agents[0]}),{agents[1]}",
                    "--games", "4", "--seed", "3", "--port", "0", "--json",
                    "--token-file", self.tokens("t")])
                client = connect(self.procs, server.port, agents[0], "t")
                served = json.loads(server.finish())
                _, err = client.communicate(timeout=TIMEOUT)
                self.assertEqual(client.returncode, 0, err)
                self.assertEqual(standings(served),
                                 standings(match_json(agents, 4, 3, game)))
                counters = server.seat_counters()[agents[0]]
                self.assertGreater(counters["moves"], 0)
                self.assertEqual(counters["illegal"], 0)

    def test_secret_seeds_are_not_the_arenas_and_resume_reaches_the_standings(
            self):
        """--secret-seeds: the seeds a client gets are fresh (not the
        arena's, all different, logged); a server killed mid-tournament
        and resumed reaches the standings of the run with arena seeds
        (the client's play ignores its seed)."""
        env = dict(os.environ, PYTHONPATH=os.path.join(SOURCE, "python"))
        recorder = [sys.executable,
                    os.path.join(SOURCE, "tests", "net", "seed_recorder.py")]
        seats = "remote(name=first),fixed,random,rl,fixed"
        port = free_port()
        args = ["minirisk", "--seats", seats, "--games", "20", "--seed",
                "9", "--port", str(port), "--json",
                "--token-file", self.tokens("s")]
        # The arena's seeds, with the note that they reveal the chance.
        plain = Server(self.procs, args)
        client = self.procs.start(recorder + [str(port), "s"], env=env)
        plain_standings = standings(json.loads(plain.finish()))
        out, err = client.communicate(timeout=TIMEOUT)
        self.assertEqual(client.returncode, 0, err)
        arena_seeds = json.loads(out)
        self.assertTrue(any("--secret-seeds" in l and "note" in l
                            for l in plain.err), plain.err)
        # Secret seeds, killed after 5 games and resumed.
        log = os.path.join(self.dir, "games.jsonl")
        secret = args + ["--secret-seeds"]
        server = Server(self.procs, secret + ["--log", log])
        self.assertFalse(any("note" in l for l in server.err))
        client = self.procs.start(recorder + [str(port), "s"], env=env)
        wait_for_lines(log, 6)
        server.proc.send_signal(signal.SIGKILL)
        server.proc.communicate(timeout=10)
        # Resuming without --secret-seeds is another tournament.
        other = subprocess.run([GAMEAI, "serve"] + args + ["--resume", log],
                               capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(other.returncode, 1)
        self.assertIn("secret_seeds", other.stderr)
        resumed = Server(self.procs, secret + ["--resume", log])
        self.assertEqual(standings(json.loads(resumed.finish())),
                         plain_standings)
        out, err = client.communicate(timeout=TIMEOUT)
        self.assertEqual(client.returncode, 0, err)
        secret_seeds = json.loads(out)
        self.assertEqual(sorted(secret_seeds, key=int),
                         [str(i) for i in range(20)])
        for i, seed in secret_seeds.items():
            self.assertNotEqual(seed, arena_seeds[i], i)
        self.assertEqual(len(set(secret_seeds.values())), 20)
        with open(log) as f:
            lines = [json.loads(l) for l in f]
        self.assertTrue(lines[0]["secret_seeds"])
        logged = {str(l["index"]): l["seeds"]["0"] for l in lines
                  if l["type"] == "game"}
        self.assertEqual(logged, secret_seeds)

    def test_slow_reader_is_closed_and_others_finish(self):
        """A client that says hello and never reads: its queue cap closes
        it, its seat falls back, the other seats play every game."""
        server = Server(self.procs, [
            "minirisk", "--seats",
            "remote(name=slow),fixed,random,rl,remote(name=fixed)",
            "--games", "10", "--seed", "6", "--port", "0", "--json",
            "--move-ms", "50", "--max-queue-bytes", "65536",
            "--token-file", self.tokens("slow", "fixed")])
        slow = socket.socket()
        try:
            slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            slow.connect(("127.0.0.1", server.port))
            hello(slow, "slow")
            fixed = connect(self.procs, server.port, "fixed", "fixed")
            served = json.loads(server.finish())
        finally:
            slow.close()
        _, err = fixed.communicate(timeout=TIMEOUT)
        self.assertEqual(fixed.returncode, 0, err)
        self.assertEqual(served["games"], 10)
        seats = server.seat_counters()
        self.assertEqual(seats["slow"]["slow_reader_drops"], 1, seats)
        self.assertEqual(seats["slow"]["connects"], 1)
        self.assertGreater(seats["slow"]["disconnected_moves"], 0)
        self.assertEqual(seats["fixed"]["moves"], 150, seats)
        agents = {a["spec"]: a for a in served["agents"]}
        for spec in ("fixed", "random", "rl"):
            self.assertEqual(agents[spec]["illegal_actions"], 0, spec)

    def test_illegal_action_log_keeps_the_hands_from_the_clients(self):
        """A seat that plays illegally in Daifugo: the operator's standings
        log the whole state of each illegal action (every hand); the
        tournament_end the clients get has no state in that log."""
        server = Server(self.procs, [
            "daifugo(games=1)", "--seats",
            "remote(name=a),heuristic,heuristic,heuristic,heuristic",
            "--games", "1", "--seed", "3", "--port", "0", "--json",
            "--token-file", self.tokens("a")])
        received = play_seat(server.port, "a",
                             lambda act, k: {"action": 99999})
        served = json.loads(server.finish())
        self.assertGreater(len(served["illegal_action_log"]), 0)
        self.assertIn("hands=", served["illegal_action_log"][0]["state"])
        self.assertEqual(received[-1]["type"], "tournament_end")
        sent = received[-1]["standings"]["illegal_action_log"]
        self.assertEqual(len(sent), len(served["illegal_action_log"]))
        for entry in sent:
            self.assertNotIn("state", entry)
            self.assertEqual(entry["reason"], "not a legal action")

    def test_client_text_reaches_the_operator_escaped_and_ids_unwrapped(self):
        """A decline with terminal codes and a forged line, and an action id
        past int64: the operator's report shows the text escaped on one
        line, and the id is malformed, not wrapped to -1."""
        server = Server(self.procs, [
            "minirisk", "--seats", "remote(name=a),fixed,fixed,fixed,fixed",
            "--games", "1", "--seed", "2", "--port", "0",
            "--token-file", self.tokens("a")])
        forged = "\x1b[2J\x1b[31mPWNED\x1b[0m\ngameai serve: winner: a"
        received = play_seat(
            server.port, "a",
            lambda act, k: {"error": forged} if k == 0 else
            {"action": 2**64 - 1} if k == 1 else
            {"action": act["legal_actions"][0]["id"]})
        rejected = [m["reason"] for m in received if m["type"] == "rejected"]
        out = server.finish()
        self.assertNotIn("\x1b", out)
        self.assertNotIn("\ngameai serve: winner: a", out)
        self.assertIn("the client declined: \"\\x1b[2J", out)
        self.assertTrue(any("\"action\": an integer id" in r
                            for r in rejected), rejected)
        self.assertFalse(any("-1" in r for r in rejected), rejected)

    def test_connect_refuses_a_server_that_breaks_the_protocol(self):
        """gameai connect against a fake server that sends game messages
        before welcome, a non-string type, or standings that are no
        object: a clear error and exit 1, never a crash."""
        replies = [
            b'{"type":"act","request":1,"view":{"state":"x","seat":0},'
            b'"legal_actions":[]}\n',
            b'{"type":"game_start","game_index":0,"seat":0,"seed":1,'
            b'"table":["a"]}\n',
            b'{"type":5}\n{"type":"tournament_end","standings":"x"}\n',
        ]
        expected = ["'act' before 'welcome'", "'game_start' before 'welcome'",
                    "no standings object"]
        # A seat the game does not have: the server's error (exit 1), not
        # the user's (it was exit 2).
        replies.append(b'{"type":"welcome","game":"minirisk(players=2)",'
                       b'"seats":["a","b"],"games":1}\n'
                       b'{"type":"game_start","game_index":0,"seat":99,'
                       b'"seed":1,"table":["a","b"]}\n')
        expected.append("the server's 'game_start' message")
        # An act without a view: the server's error too (it was exit 2).
        replies.append(b'{"type":"welcome","game":"minirisk(players=2)",'
                       b'"seats":["a","b"],"games":1}\n'
                       b'{"type":"game_start","game_index":0,"seat":0,'
                       b'"seed":1,"table":["a","b"]}\n'
                       b'{"type":"act","request":1,"legal_actions":[]}\n')
        expected.append("without view.state and view.seat")
        # Standings whose fields are of other types are printed, not
        # trusted (they were an "internal error").
        replies.append(b'{"type":"tournament_end","standings":'
                       b'{"games":"x","winner":5}}\n')
        expected.append("tournament over: x games, winner 5")
        for reply, message in zip(replies, expected):
            with one_line_server(reply, linger=1) as port:
                client = connect(self.procs, port, "fixed", "t",
                                 "--retry-ms", "0")
                out, err = client.communicate(timeout=TIMEOUT)
            if message.startswith("tournament over"):
                self.assertEqual(client.returncode, 0, err)
                self.assertIn(message, out)
            else:
                self.assertEqual(client.returncode, 1, err)
                self.assertIn(message, err)
        # An agent no game has is refused before the client connects (it
        # took the seat, then left it to the referee).
        listener = socket.create_server(("127.0.0.1", 0))
        listener.setblocking(False)
        client = connect(self.procs, listener.getsockname()[1], "nosuch", "t")
        _, err = client.communicate(timeout=TIMEOUT)
        self.assertEqual(client.returncode, 2, err)
        self.assertIn("unknown agent 'nosuch'", err)
        with self.assertRaises(BlockingIOError):
            listener.accept()  # nobody came
        listener.close()
        bad_name = connect(self.procs, free_port(), "fixed", "t", "--name",
                           "bot\udcff")
        _, err = bad_name.communicate(timeout=TIMEOUT)
        self.assertEqual(bad_name.returncode, 2, err)
        self.assertIn("name", err)
        self.assertIn("not UTF-8", err)

    def test_clients_reconnect_after_a_cut_line_and_after_a_late_reset(self):
        """The Python and Java clients against a fake server that cuts its
        first connection mid-line, resets the second after the retry time
        has passed, and ends the tournament on the third: both reconnect
        each time (a cut line used to raise a JSON error, a late reset to
        end the client) and print the standings."""
        classes = self.java_classes()
        for name in ("python", "java"):
            listener = socket.create_server(("127.0.0.1", 0))
            listener.settimeout(TIMEOUT)
            port = listener.getsockname()[1]
            hellos = []

            def fake_server():
                for step in range(3):
                    conn, _ = listener.accept()
                    with conn:
                        hellos.append(conn.recv(65536))
                        if step == 0:
                            conn.sendall(b'{"type":"welcome","game":"minir')
                        elif step == 1:
                            time.sleep(1.5)  # past the client's 0.5 s
                            conn.setsockopt(socket.SOL_SOCKET,
                                            socket.SO_LINGER,
                                            struct.pack("ii", 1, 0))
                        else:
                            conn.sendall(b'{"type":"tournament_end",'
                                         b'"standings":{"winner":"w"}}\n')
                            time.sleep(0.5)

            thread = threading.Thread(target=fake_server, daemon=True)
            thread.start()
            client = self.fixed_bot(name, f"127.0.0.1:{port}", 500, classes)
            out, err = client.communicate(timeout=TIMEOUT)
            thread.join(TIMEOUT)
            listener.close()
            self.assertEqual(client.returncode, 0, name + ": " + err)
            self.assertIn("winner: w", out, name)
            self.assertEqual(len(hellos), 3, name)

    def test_python_client_survives_its_hooks_and_bounds_what_it_reads(self):
        """The Python client against fake servers: a hook that raises and a
        float action are the bot's bugs (printed, the move declined), not
        the end; a message without a field it needs, or a line past the
        bound, is the server's error; a server silent past idle_seconds
        is a lost one."""
        sys.path.insert(0, os.path.join(SOURCE, "python"))
        import gameai_client  # noqa: E402
        sys.path.pop(0)

        class Bot(gameai_client.Agent):
            def choose_action(self, view, legal_actions):
                return 1.5  # a float: no action

            def on_event(self, event, view):
                raise RuntimeError("the bot's bug")

        def run_against(lines, **kw):
            """Bot().run against a server that sends `lines` and then
            records the client's replies; returns (result, replies)."""
            listener = socket.create_server(("127.0.0.1", 0))
            listener.settimeout(TIMEOUT)
            replies = []

            def fake_server():
                conn, _ = listener.accept()
                listener.close()  # one connection: a retry finds no server
                with conn:
                    reader = conn.makefile("rb")
                    reader.readline()  # the hello
                    conn.sendall(lines)
                    conn.settimeout(2)
                    try:
                        for raw in reader:
                            replies.append(json.loads(raw))
                    except (OSError, ValueError):
                        pass

            thread = threading.Thread(target=fake_server, daemon=True)
            thread.start()
            try:
                result = Bot().run("127.0.0.1", listener.getsockname()[1],
                                   "t", retry_seconds=0, **kw)
            except Exception as e:  # the test looks at it
                result = e
            listener.close()
            thread.join(TIMEOUT)
            return result, replies

        welcome = (b'{"type":"welcome","game":"mancala","seats":["a","b"],'
                   b'"games":1}\n')
        act = (b'{"type":"act","request":7,"view":{},'
               b'"legal_actions":[{"id":0,"name":"1"}]}\n')
        end = b'{"type":"tournament_end","standings":{"winner":"w"}}\n'
        result, replies = run_against(
            welcome + b'{"type":"event","event":{},"view":{}}\n' + act + end)
        self.assertEqual(result, {"winner": "w"})
        self.assertEqual(len(replies), 1, replies)
        self.assertEqual(replies[0]["request"], 7)
        self.assertNotIn("action", replies[0])  # declined, not cut to 1
        self.assertIn("TypeError", replies[0]["error"])

        result, _ = run_against(welcome + b'{"type":"act","view":{}}\n')
        self.assertIsInstance(result, gameai_client.ServerError)
        self.assertIn("'act' message has no 'request'", str(result))

        bound = gameai_client.MAX_LINE_BYTES
        gameai_client.MAX_LINE_BYTES = 1000
        try:
            result, _ = run_against(welcome + b"x" * 5000)
        finally:
            gameai_client.MAX_LINE_BYTES = bound
        self.assertIsInstance(result, gameai_client.ServerError)
        self.assertIn("more than 1000 bytes", str(result))

        # Silent after the welcome: lost after 0.5 s, and with no retry
        # time and no server left, the end.
        started = time.monotonic()
        result, _ = run_against(welcome, idle_seconds=0.5)
        self.assertIsInstance(result, OSError)
        self.assertLess(time.monotonic() - started, TIMEOUT / 2)

    def test_clients_call_a_deep_or_mistyped_line_the_servers_error(self):
        """The Python and Java clients against a fake server whose line is
        JSON nested 200,000 deep, or an error whose message is no string:
        a ServerError, not a RecursionError, a StackOverflowError or a
        ClassCastException."""
        classes = self.java_classes()
        deep = b"[" * 200000 + b"]" * 200000 + b"\n"
        mistyped = b'{"type":"error","message":5}\n'
        for name in ("python", "java"):
            for line in (deep, mistyped):
                with one_line_server(line, linger=0.5) as port:
                    client = self.fixed_bot(name, f"127.0.0.1:{port}", 0,
                                            classes)
                    _, err = client.communicate(timeout=TIMEOUT)
                self.assertNotEqual(client.returncode, 0, name)
                # What ends the client (the last error it reports) is the
                # server's error; a cause before it may be named.
                ending = [l for l in err.splitlines()
                          if "Error" in l or "Exception" in l][-1]
                self.assertIn("ServerError", ending, (name, err[-500:]))
                for crash in ("StackOverflowError", "ClassCastException"):
                    self.assertNotIn(crash, err, name)

    def test_flood_of_silent_connections_is_shed(self):
        """500 connections that never say hello: the extra ones are refused,
        the silent ones time out, the running tournament finishes."""
        log = os.path.join(self.dir, "games.jsonl")
        server = Server(self.procs, [
            "minirisk", "--seats", "remote(name=fixed),fixed,random,rl,fixed",
            "--games", "60", "--seed", "4", "--port", "0", "--json",
            "--max-connections", "32", "--hello-ms", "300", "--log", log,
            "--token-file", self.tokens("t")])
        player = connect(self.procs, server.port, "fixed", "t")
        wait_for_lines(log, 2)
        flood = []
        try:
            for _ in range(500):
                s = socket.socket()
                s.settimeout(5)
                s.connect(("127.0.0.1", server.port))
                flood.append(s)
            served = json.loads(server.finish())
        finally:
            for s in flood:
                s.close()
        player.communicate(timeout=TIMEOUT)
        self.assertEqual(player.returncode, 0)
        self.assertEqual(served["games"], 60)
        self.assertEqual(sum(a["illegal_actions"] for a in served["agents"]),
                         0)
        refused = [l for l in server.err if "connections refused" in l]
        self.assertGreaterEqual(int(refused[0].split()[2]), 500 - 32 - 1)


if __name__ == "__main__":
    GAMEAI, SOURCE = sys.argv[1], sys.argv[2]
    FIXED_BOT_PY = os.path.join(SOURCE, "examples", "minirisk_bots",
                                "minirisk_fixed_bot.py")
    unittest.main(argv=[sys.argv[0]] + sys.argv[3:], verbosity=2)
