"""A client for `gameai serve` tournaments (docs/protocol.md), standard
library only.

Write a bot by subclassing Agent and implementing choose_action; the
optional hooks are told the rest of the tournament:

    from gameai_client import Agent

    class MyBot(Agent):
        def choose_action(self, view, legal_actions):
            return legal_actions[0]["id"]

    MyBot().run("127.0.0.1", 7019, token="...")

`view` is the seat's view: "state" (the serialized view), "observation"
(text), "current_player", "scores" and, for a game that gives them, its
"fields" (docs/protocol.md lists each game's). `legal_actions` is a
list of {"id": int, "name": str}. The agent instance lives for the whole
tournament, across reconnections, so it can learn from game to game.
"""

import json
import operator
import socket
import sys
import time

PROTOCOL_VERSION = 1
# The longest line read from the server (its own bound is the same).
MAX_LINE_BYTES = 16 * 1024 * 1024

__all__ = ["Agent", "ServerError", "PROTOCOL_VERSION"]


class ServerError(Exception):
    """The server sent an "error" message (a wrong token, ...)."""


class Agent:
    name = "python-bot"

    # The hooks. choose_action must return an action id from legal_actions.
    def choose_action(self, view, legal_actions):
        raise NotImplementedError("choose_action(view, legal_actions)")

    def on_game_start(self, info):
        """info: game_index, seat, seed, table (the agent at each seat)."""

    def on_event(self, event, view):
        """event: actor (a seat, "chance" or "simultaneous"), actions, names."""

    def on_game_end(self, result):
        """result: game_index, scores, returns, view."""

    def on_rejected(self, message):
        """The server rejected a reply (message["reason"] says why)."""

    # What the server told us at hello: game, seats, participant, label, ...
    welcome = None

    def run(self, host, port, token, retry_seconds=10.0, idle_seconds=None):
        """Plays until the tournament ends; returns its standings (the
        arena's JSON). Reconnects with the same token when the connection
        is lost, for up to retry_seconds; with idle_seconds, a server that
        sends nothing for that long counts as lost too (None: wait as long
        as the tournament takes). Raises ServerError when the server
        refuses or breaks the protocol, OSError when no server is
        reachable. An exception in a hook is the bot's bug: it is printed
        and the tournament goes on (choose_action's declines the move)."""
        give_up = time.monotonic() + retry_seconds
        while True:
            try:
                sock = socket.create_connection((host, port), timeout=5)
            except (ConnectionError, socket.timeout) as e:
                if time.monotonic() >= give_up:
                    raise OSError(f"no server at {host}:{port}: {e}") from e
                time.sleep(0.05)
                continue
            with sock:
                sock.settimeout(idle_seconds)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                try:
                    end = self._session(sock, token)
                except (ConnectionError, socket.timeout):  # lost as well
                    end = None
                if end is not None:
                    return end["standings"]
            # Lost after a connection: retry_seconds from now.
            give_up = time.monotonic() + retry_seconds

    def _session(self, sock, token):
        reader = sock.makefile("rb")
        self._send(sock, {"type": "hello", "protocol": PROTOCOL_VERSION,
                          "name": self.name, "token": token})
        while True:
            raw = reader.readline(MAX_LINE_BYTES + 1)
            if len(raw) > MAX_LINE_BYTES:
                raise ServerError(f"the server sent a line of more than "
                                  f"{MAX_LINE_BYTES} bytes")
            if not raw.endswith(b"\n"):
                return None  # the end, or cut mid-line: the connection lost
            try:
                message = json.loads(raw)
            except (ValueError, RecursionError) as e:  # deep nesting too
                raise ServerError(f"the server sent a line that is not "
                                  f"JSON: {raw[:200]!r}") from e
            if not isinstance(message, dict):
                raise ServerError(f"the server sent {raw[:200]!r}, not a "
                                  f"JSON object")
            kind = message.get("type")

            def field(key):
                if key not in message:
                    raise ServerError(f"the server's {kind!r} message has no "
                                      f"{key!r}: {raw[:200]!r}")
                return message[key]

            if kind == "error":
                raise ServerError(message.get("message", ""))
            if kind == "welcome":
                self.welcome = message
            elif kind == "game_start":
                self._hook("on_game_start", message)
            elif kind == "event":
                self._hook("on_event", field("event"), field("view"))
            elif kind == "act":
                reply = {"type": "action", "request": field("request")}
                view, legal = field("view"), field("legal_actions")
                try:
                    # An int (numpy's too); a float is the bot's bug, not
                    # an action cut to an integer.
                    reply["action"] = operator.index(
                        self.choose_action(view, legal))
                except Exception as e:  # the bot's bug: declined, not fatal
                    print(f"gameai_client: choose_action failed: {e!r}",
                          file=sys.stderr)
                    reply["error"] = repr(e)
                self._send(sock, reply)
            elif kind == "game_end":
                self._hook("on_game_end", message)
            elif kind == "rejected":
                self._hook("on_rejected", message)
            elif kind == "tournament_end":
                field("standings")
                return message

    def _hook(self, name, *args):
        """Calls hook `name`: its exception is printed, not fatal."""
        try:
            getattr(self, name)(*args)
        except Exception as e:  # the bot's bug: the tournament goes on
            print(f"gameai_client: {name} failed: {e!r}", file=sys.stderr)

    @staticmethod
    def _send(sock, message):
        sock.sendall((json.dumps(message) + "\n").encode())
