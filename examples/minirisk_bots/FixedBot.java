// FixedBot: an example MiniRisk bot on GameaiClient: the original game's
// fixed strategy (the built-in agent `fixed`): card v + 5 on a prize v > 0,
// card -v on a prize v < 0.
//
//   javac -d out java/GameaiClient.java examples/minirisk_bots/FixedBot.java
//   java -cp out FixedBot 127.0.0.1:7019 TOKEN
import java.util.List;
import java.util.Map;

public class FixedBot extends GameaiClient {
  @Override
  protected String name() { return "java-fixed"; }

  @Override
  @SuppressWarnings("unchecked")
  protected long chooseAction(Map<String, Object> view,
                              List<Map<String, Object>> legalActions) {
    Map<String, Object> fields = (Map<String, Object>) view.get("fields");
    long prize = (Long) fields.get("prize");
    long card = prize > 0 ? prize + 5 : -prize;
    for (Map<String, Object> action : legalActions) {
      if (("bid " + card).equals(action.get("name"))) {
        return (Long) action.get("id");
      }
    }
    return (Long) legalActions.get(0).get("id");  // not reached
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2 || args.length > 3 || !args[0].contains(":")) {
      System.err.println("usage: java FixedBot HOST:PORT TOKEN [RETRY_MS]"
          + " (default 10000: how long to try again after a lost connection)");
      System.exit(2);
    }
    int colon = args[0].lastIndexOf(':');
    long retryMillis = args.length == 3 ? Long.parseLong(args[2]) : 10000;
    Map<String, Object> standings = new FixedBot().run(
        args[0].substring(0, colon),
        Integer.parseInt(args[0].substring(colon + 1)), args[1], retryMillis);
    System.out.println("winner: " + standings.get("winner"));
  }
}
