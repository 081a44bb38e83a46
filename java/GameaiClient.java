// GameaiClient: a client for `gameai serve` tournaments (docs/protocol.md)
// in one file, no library beyond the JDK. Extend it, implement
// chooseAction, and call run(host, port, token):
//
//   class MyBot extends GameaiClient {
//     protected long chooseAction(Map<String, Object> view,
//                                 List<Map<String, Object>> legalActions) {
//       return (Long) legalActions.get(0).get("id");
//     }
//   }
//
// JSON values arrive as Map<String, Object>, List<Object>, String, Long,
// Double, Boolean or null. The instance lives for the whole tournament,
// across reconnections, so a bot can learn from game to game.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public abstract class GameaiClient {
  public static final int PROTOCOL_VERSION = 1;

  /** The server refused us (an "error" message). */
  public static class ServerError extends RuntimeException {
    public ServerError(String message) { super(message); }
  }

  /** The action id (one of legalActions' "id") for this view. */
  protected abstract long chooseAction(Map<String, Object> view,
                                       List<Map<String, Object>> legalActions);

  /** game_index, seat, seed, table. */
  protected void onGameStart(Map<String, Object> info) {}
  /** actor (a seat, "chance" or "simultaneous"), actions, names. */
  protected void onEvent(Map<String, Object> event, Map<String, Object> view) {}
  /** game_index, scores, returns, view. */
  protected void onGameEnd(Map<String, Object> result) {}
  protected void onRejected(Map<String, Object> message) {}

  protected String name() { return "java-bot"; }

  /** The welcome message: game, seats, participant, label, games. */
  protected Map<String, Object> welcome;

  /** Plays until the tournament ends; returns its standings. Reconnects
   *  with the same token for up to retryMillis when the connection is lost.
   *  A hook's exception (a RuntimeException) is the bot's bug: it is
   *  printed and the tournament goes on (chooseAction's declines). */
  public Map<String, Object> run(String host, int port, String token,
                                 long retryMillis) throws IOException {
    return run(host, port, token, retryMillis, 0);
  }

  /** The same, and a server that sends nothing for idleMillis (0: no
   *  limit, as long as the tournament takes) counts as lost too. */
  @SuppressWarnings("unchecked")
  public Map<String, Object> run(String host, int port, String token,
                                 long retryMillis, int idleMillis)
      throws IOException {
    long giveUp = System.currentTimeMillis() + retryMillis;
    while (true) {
      Socket socket;
      try {
        socket = new Socket(host, port);
      } catch (IOException e) {
        if (System.currentTimeMillis() >= giveUp) throw e;
        try { Thread.sleep(50); } catch (InterruptedException ie) { throw e; }
        continue;
      }
      try (socket) {
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(idleMillis);  // a timeout is an IOException: lost
        Map<String, Object> end = null;
        try {
          end = session(socket, token);
        } catch (IOException lost) {
          // reset mid-session: lost like an end of stream
        }
        if (end != null) return (Map<String, Object>) end.get("standings");
      }
      // Lost after a connection: retryMillis from now.
      giveUp = System.currentTimeMillis() + retryMillis;
    }
  }

  // The longest line read from the server (its own bound is the same).
  private static final int MAX_LINE = 16 * 1024 * 1024;

  /** The next whole line, or null at the end of the stream: a line cut
   *  short by the end is a lost connection, not a message. */
  private static String readLine(BufferedReader in) throws IOException {
    StringBuilder line = new StringBuilder();
    for (int c = in.read(); c != -1; c = in.read()) {
      if (c == '\n') return line.toString();
      if (line.length() >= MAX_LINE) {
        throw new ServerError("the server sent a line of more than "
            + MAX_LINE + " characters");
      }
      line.append((char) c);
    }
    return null;
  }

  /** A line of the server as a JSON object, else a ServerError. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> parseMessage(String line) {
    String shown = line.substring(0, Math.min(line.length(), 200));
    Object value;
    try {
      value = new Parser(line).value();
    } catch (RuntimeException e) {
      throw new ServerError("the server sent a line that is not JSON: "
          + shown);
    }
    if (!(value instanceof Map)) {
      throw new ServerError("the server sent a line that is not a JSON "
          + "object: " + shown);
    }
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> session(Socket socket, String token)
      throws IOException {
    BufferedReader in = new BufferedReader(
        new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    OutputStream out = socket.getOutputStream();
    send(out, "{\"type\":\"hello\",\"protocol\":" + PROTOCOL_VERSION
        + ",\"name\":" + quote(name()) + ",\"token\":" + quote(token) + "}");
    String line;
    while ((line = readLine(in)) != null) {
      Map<String, Object> m = parseMessage(line);
      Object typeValue = m.get("type");
      String type = typeValue instanceof String ? (String) typeValue : "";
      if ("error".equals(type)) {
        throw new ServerError(String.valueOf(m.get("message")));
      }
      if ("welcome".equals(type)) {
        welcome = m;
      } else if ("game_start".equals(type)) {
        hook("onGameStart", () -> onGameStart(m));
      } else if ("event".equals(type)) {
        Object event = field(m, "event"), view = field(m, "view");
        hook("onEvent", () -> onEvent((Map<String, Object>) event,
                                      (Map<String, Object>) view));
      } else if ("act".equals(type)) {
        Object request = field(m, "request");
        String reply;
        try {
          long action = chooseAction((Map<String, Object>) m.get("view"),
              (List<Map<String, Object>>) (List<?>) m.get("legal_actions"));
          reply = ",\"action\":" + action;
        } catch (RuntimeException e) {
          reply = ",\"error\":" + quote(String.valueOf(e));
        }
        send(out, "{\"type\":\"action\",\"request\":" + request + reply
            + "}");
      } else if ("game_end".equals(type)) {
        hook("onGameEnd", () -> onGameEnd(m));
      } else if ("rejected".equals(type)) {
        hook("onRejected", () -> onRejected(m));
      } else if ("tournament_end".equals(type)) {
        field(m, "standings");
        return m;
      }
    }
    return null;  // the connection was lost
  }

  /** m's value of key, else a ServerError naming the message. */
  private static Object field(Map<String, Object> m, String key) {
    if (!m.containsKey(key)) {
      throw new ServerError("the server's " + m.get("type")
          + " message has no \"" + key + "\"");
    }
    return m.get(key);
  }

  /** Runs a hook: its RuntimeException is printed, not fatal. */
  private static void hook(String name, Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      System.err.println("GameaiClient: " + name + " failed: " + e);
    }
  }

  private static void send(OutputStream out, String json) throws IOException {
    out.write((json + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  public static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  /** A small JSON parser, enough for the protocol's messages. */
  static final class Parser {
    private final String s;
    private int i = 0;

    Parser(String s) { this.s = s; }

    // The deepest nesting read: deeper is no protocol message (and would
    // overflow the stack of this recursive reader).
    private static final int MAX_DEPTH = 256;
    private int depth = 0;

    Object value() {
      skip();
      if (i >= s.length()) throw new IllegalArgumentException("end of JSON");
      char c = s.charAt(i);
      if ((c == '{' || c == '[') && ++depth > MAX_DEPTH) {
        throw new IllegalArgumentException("JSON nested deeper than "
            + MAX_DEPTH);
      }
      if (c == '{') return nested(object());
      if (c == '[') return nested(array());
      if (c == '"') return string();
      if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
      if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
      if (s.startsWith("null", i)) { i += 4; return null; }
      return number();
    }

    private Object nested(Object done) {
      --depth;
      return done;
    }

    private Map<String, Object> object() {
      Map<String, Object> m = new LinkedHashMap<>();
      ++i;
      skip();
      if (s.charAt(i) == '}') { ++i; return m; }
      while (true) {
        skip();
        String key = string();
        skip();
        expect(':');
        m.put(key, value());
        skip();
        if (s.charAt(i) == ',') { ++i; continue; }
        expect('}');
        return m;
      }
    }

    private List<Object> array() {
      List<Object> a = new ArrayList<>();
      ++i;
      skip();
      if (s.charAt(i) == ']') { ++i; return a; }
      while (true) {
        a.add(value());
        skip();
        if (s.charAt(i) == ',') { ++i; continue; }
        expect(']');
        return a;
      }
    }

    private String string() {
      expect('"');
      StringBuilder b = new StringBuilder();
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') return b.toString();
        if (c != '\\') { b.append(c); continue; }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': b.append('\n'); break;
          case 't': b.append('\t'); break;
          case 'r': b.append('\r'); break;
          case 'b': b.append('\b'); break;
          case 'f': b.append('\f'); break;
          case 'u':
            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
            break;
          default: b.append(e);
        }
      }
    }

    private Object number() {
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) ++i;
      String t = s.substring(start, i);
      if (t.isEmpty()) throw new IllegalArgumentException("bad JSON at " + start);
      if (t.contains(".") || t.contains("e") || t.contains("E")) {
        return Double.parseDouble(t);
      }
      try {
        return Long.parseLong(t);
      } catch (NumberFormatException e) {
        return Long.parseUnsignedLong(t);  // a 64-bit seed: the same bits
      }
    }

    private void skip() {
      while (i < s.length() && Character.isWhitespace(s.charAt(i))) ++i;
    }

    private void expect(char c) {
      if (i >= s.length() || s.charAt(i) != c) {
        throw new IllegalArgumentException("expected '" + c + "' at " + i);
      }
      ++i;
    }
  }
}
