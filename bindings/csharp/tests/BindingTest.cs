// The C# binding under Mono: a game of every registered game between two
// agents, illegal actions and bad specs (an exception with the library's
// message, the state unchanged), chance sampling, hints, a match and the
// exact solvers.
using System;
using System.Collections.Generic;
using System.Linq;
using GameAi;

internal static class BindingTest
{
    private static int failures;

    private static void Check(bool condition, string what)
    {
        if (condition) return;
        Console.Error.WriteLine("FAIL: " + what);
        ++failures;
    }

    // Throws: `call` fails with a GameAiException of `status` whose message
    // holds every one of `parts`.
    private static void Throws(Action call, GameAiStatus status, string what, params string[] parts)
    {
        try
        {
            call();
            Check(false, what + ": no exception");
        }
        catch (GameAiException e)
        {
            Check(e.Status == status, what + ": status " + e.Status + ", expected " + status);
            foreach (string part in parts)
                Check(e.Message.Contains(part), what + ": message '" + e.Message + "' lacks '" + part + "'");
        }
    }

    // PlayOneGame: agents by seat (two specs alternating), chance sampled
    // from a seed; checks each agent's action is legal, and that an illegal
    // action at the first decision throws and changes nothing.
    private static void PlayOneGame(string name)
    {
        using (Game game = Game.Load(name))
        {
            int players = game.NumPlayers;
            string[] specs = { "random(seed=3)", "mcts(simulations=20,seed=1)" };
            var agents = new List<Agent>();
            for (int seat = 0; seat < players; ++seat)
            {
                Agent agent = game.LoadAgent(specs[seat % 2]);
                agent.StartGame(seat, 42);
                agents.Add(agent);
            }
            using (State state = game.NewInitialState())
            {
                ulong chanceSeed = 1;
                int steps = 0;
                bool triedIllegal = false;
                while (!state.IsTerminal)
                {
                    int current = state.CurrentPlayer;
                    if (current == State.ChancePlayer)
                    {
                        long outcome = state.SampleChance(chanceSeed++);
                        Check(state.ChanceOutcomes().Any(o => o.Action == outcome), name + ": sampled outcome listed");
                        state.ApplyAction(outcome);
                    }
                    else if (current == State.SimultaneousPlayer)
                    {
                        Throws(() => state.LegalActions(), GameAiStatus.FailedPrecondition,
                               name + ": LegalActions() where every seat acts", "with a seat");
                        Throws(() => state.StringToAction("x"), GameAiStatus.FailedPrecondition,
                               name + ": StringToAction(text) where every seat acts", "with a seat");
                        var joint = new long[players];
                        for (int p = 0; p < players; ++p)
                        {
                            joint[p] = agents[p].Step(state);
                            Check(state.LegalActions(p).Contains(joint[p]), name + ": joint action legal");
                        }
                        if (!triedIllegal)
                        {
                            triedIllegal = true;
                            string before = state.Serialize();
                            Throws(() => state.ApplyJointAction(joint.Take(players - 1).ToArray()),
                                   GameAiStatus.InvalidArgument, name + ": short joint action");
                            Check(state.Serialize() == before, name + ": state unchanged after a bad joint action");
                        }
                        state.ApplyJointAction(joint);
                    }
                    else
                    {
                        IReadOnlyList<long> legal = state.LegalActions();
                        if (!triedIllegal)
                        {
                            triedIllegal = true;
                            CheckIllegalActionsRejected(name, game, state, legal);
                        }
                        long action = agents[current].Step(state);
                        Check(legal.Contains(action), name + ": agent action legal");
                        Check(state.ActionToString(action).Length > 0, name + ": action text");
                        state.ApplyAction(action);
                    }
                    Check(++steps <= game.MaxGameLength, name + ": within MaxGameLength");
                }
                Check(triedIllegal, name + ": illegal action tried");
                Check(state.Returns().Count == players, name + ": one return per seat");
                Check(state.Scores().Count == players, name + ": one score per seat");
                Throws(() => state.ApplyAction(0), GameAiStatus.FailedPrecondition, name + ": action after the end");
                Check(state.LegalActions().Count == 0, name + ": no legal action after the end");
                Throws(() => state.ActionToString(0), GameAiStatus.FailedPrecondition,
                       name + ": ActionToString(action) after the end", "game is over");
                using (State copy = game.Deserialize(state.Serialize()))
                    Check(copy.Serialize() == state.Serialize(), name + ": serialize round trip");
                Console.WriteLine("{0}: {1} steps, returns {2}, scores {3}", game.Spec, steps,
                                  string.Join(" ", state.Returns()), string.Join(" ", state.Scores()));
            }
            foreach (Agent agent in agents) agent.Dispose();
        }
    }

    private static void CheckIllegalActionsRejected(string name, Game game, State state, IReadOnlyList<long> legal)
    {
        string before = state.Serialize();
        long outOfRange = game.NumDistinctActions;
        Throws(() => state.ApplyAction(outOfRange), GameAiStatus.InvalidArgument, name + ": out-of-range action");
        Check(state.Serialize() == before, name + ": state unchanged after an out-of-range action");
        for (long a = 0; a < game.NumDistinctActions; ++a)
        {
            if (legal.Contains(a)) continue;
            Throws(() => state.ApplyAction(a), GameAiStatus.InvalidArgument, name + ": illegal action " + a);
            Check(state.Serialize() == before, name + ": state unchanged after an illegal action");
            break;
        }
        Throws(() => state.StringToAction("no such move"), GameAiStatus.InvalidArgument, name + ": bad action text");
        Check(state.Serialize() == before, name + ": state unchanged after bad action text");
    }

    // ThrowsArgument: `call` throws an ArgumentException for `parameter`
    // whose message holds `part`.
    private static void ThrowsArgument(Action call, string parameter, string part, string what)
    {
        try
        {
            call();
        }
        catch (ArgumentException e)
        {
            Check(e.ParamName == parameter && e.Message.Contains(part), what + ": " + e.Message);
            return;
        }
        Check(false, what + ": no ArgumentException");
    }

    // Strings reach the C API NUL-terminated: a NUL inside one cut it short
    // there (Game.Load("mancala(pits=3)\0 garbage") loaded pits=3), and a
    // lone surrogate became U+FFFD. Both are refused before the call.
    private static void StringsWithNulOrLoneSurrogates()
    {
        ThrowsArgument(() => Game.Load("mancala(pits=3)\0 garbage"), "spec", "NUL", "NUL in a spec");
        ThrowsArgument(() => Game.Load("mancala\ud800"), "spec", "lone surrogate", "lone surrogate in a spec");
        using (Game game = Game.Load("mancala"))
        using (State state = game.NewInitialState())
        {
            string before = state.Serialize();
            ThrowsArgument(() => state.StringToAction("1\0xyz"), "text", "NUL", "NUL in action text");
            ThrowsArgument(() => game.Deserialize(before + "\0junk"), "text", "NUL", "NUL in state text");
            ThrowsArgument(() => game.LoadAgent("random\0(seed=zz)"), "spec", "NUL", "NUL in an agent spec");
            ThrowsArgument(() => Match.Run("mancala", new[] { "random", "greedy\0x" }, 2, 1), "agents[1]", "NUL",
                "NUL in a match's agent spec");
            Check(state.Serialize() == before, "state unchanged after refused strings");
        }
    }

    private static void BadSpecs()
    {
        Throws(() => Game.Load("no_such_game"), GameAiStatus.NotFound, "unknown game", "no_such_game", "mancala", "daifugo");
        Throws(() => Game.Load("mancala(pits=99)"), GameAiStatus.InvalidArgument, "bad parameter", "pits", "99");
        using (Game game = Game.Load("mancala"))
        {
            Throws(() => game.LoadAgent("no_such_agent"), GameAiStatus.NotFound, "unknown agent", "no_such_agent", "strongest");
            Throws(() => game.LoadAgent("mcts(simulations=-3)"), GameAiStatus.InvalidArgument, "bad agent parameter", "simulations");
            Throws(() => game.Deserialize("garbage"), GameAiStatus.InvalidArgument, "bad state text");
            using (Agent agent = game.LoadAgent("greedy"))
            using (State state = game.NewInitialState())
            {
                Throws(() => agent.Step(state), GameAiStatus.FailedPrecondition, "unseated agent", "start_game");
                Throws(() => agent.StartGame(2, 1), GameAiStatus.InvalidArgument, "bad seat", "seat 2", "0..1");
            }
            State disposed = game.NewInitialState();
            disposed.Dispose();
            try
            {
                disposed.ApplyAction(0);
                Check(false, "a disposed state throws");
            }
            catch (ObjectDisposedException)
            {
            }
        }
    }

    private static void GameDescription()
    {
        IReadOnlyList<string> games = Game.RegisteredGames();
        Check(games.Count == 5 && games[0] == "mancala", "registered games: " + string.Join(",", games));
        using (Game game = Game.Load("mancala(seeds=3)"))
        {
            Check(game.Name == "mancala", "name");
            Check(game.Spec == "mancala(pits=6,seeds=3,first_player=0,empty_capture=false)", "spec " + game.Spec);
            IReadOnlyList<KeyValuePair<string, string>> parameters = game.Parameters;
            Check(parameters.Count == 4 && parameters[1].Key == "seeds" && parameters[1].Value == "3", "parameters");
            Check(game.Type.ZeroSum && !game.Type.Stochastic && !game.Type.Simultaneous, "mancala's type");
            Check(game.AgentNames.Contains("strongest") && game.AgentNames.Contains("random"), "agent names");
        }
        using (Game game = Game.Load("minirisk"))
            Check(game.Type.Simultaneous && game.Type.Stochastic && !game.Type.ZeroSum, "minirisk's type");
    }

    private static void ChanceSampling()
    {
        using (Game game = Game.Load("yacht"))
        using (State state = game.NewInitialState())
        {
            string before = state.Serialize();
            long first = state.SampleChance(7);
            Check(state.SampleChance(7) == first, "same seed, same outcome");
            bool differs = false;
            for (ulong seed = 0; seed < 20; ++seed) differs |= state.SampleChance(seed) != first;
            Check(differs, "seeds give different outcomes");
            Check(state.Serialize() == before, "sampling leaves the state unchanged");
            state.ApplyAction(first);
            Throws(() => state.SampleChance(7), GameAiStatus.FailedPrecondition, "sampling at a player's node", "chance");
            Throws(() => state.GetHint("no_such_agent"), GameAiStatus.NotFound, "hint by an unknown agent", "no_such_agent");
        }
    }

    private static void Hints()
    {
        using (Game game = Game.Load("mancala"))
        using (State state = game.NewInitialState())
        {
            string before = state.Serialize();
            Hint hint = state.GetHint();
            Check(state.LegalActions().Contains(hint.Action), "hint legal");
            Check(hint.ActionText == (hint.Action + 1).ToString(), "hint text " + hint.ActionText);
            Check(hint.Explanation.Contains("strongest") && hint.Explanation.Contains("pit " + hint.ActionText),
                  "hint explanation: " + hint.Explanation);
            Check(state.Serialize() == before, "a hint leaves the state unchanged");
            Check(state.GetHint("random").Explanation == "", "an agent without explanations");
            Console.WriteLine("hint: {0} ({1})", hint.ActionText, hint.Explanation);
        }
        using (Game game = Game.Load("yacht"))
        using (State state = game.NewInitialState())
            Throws(() => state.GetHint(), GameAiStatus.FailedPrecondition, "hint at a chance node", "no player");
    }

    private static void Matches()
    {
        Match match = Match.Run("mancala", new[] { "greedy", "random" }, 10, 3);
        Check(match.Json.Contains("\"games\": 10") && match.Json.Contains("\"greedy\"") && match.Json.Contains("\"random\""),
              "match JSON: " + match.Json);
        Throws(() => Match.Run("mancala", new[] { "greedy", "mcts(simulations=-1)" }, 10, 3),
               GameAiStatus.InvalidArgument, "match with a bad agent", "simulations");
        Throws(() => Match.Run("mancala", new[] { "greedy", "random" }, 0, 3), GameAiStatus.InvalidArgument, "match of 0 games");
        Throws(() => Match.Run("no_such_game", new[] { "random" }, 10, 3), GameAiStatus.NotFound, "match of an unknown game", "mancala");
    }

    // Solvers: the published 6x2 Kalah value (+10), a spent budget's
    // bounds around 6x4's +8, Yacht's optimum equal to its blank scorecard's
    // lookup, and errors naming what is wrong.
    private static void Solvers()
    {
        using (Game game = Game.Load("mancala(pits=6,seeds=2,empty_capture=true)"))
        using (State state = game.NewInitialState())
        {
            Solution s = Solution.Solve(state, "tt=18");
            Check(s.Status == SolveStatus.Solved && s.Value == 10 && s.Lower == 10 && s.Upper == 10, "6x2 solved: " + s.Json);
            Check(s.BestAction.HasValue && state.LegalActions().Contains(s.BestAction.Value), "best action legal");
            state.ApplyAction(s.BestAction.Value);
            Check(Solution.Solve(state).Value == 10, "the best move keeps the margin");
        }
        using (Game game = Game.Load("mancala"))
        using (State state = game.NewInitialState())
        {
            Solution s = Solution.Solve(state, "nodes=20000,tt=20");
            Check(s.Status == SolveStatus.Bounded && s.Value == null && s.BestAction == null, "bounded: " + s.Json);
            Check(s.Lower <= 8 && s.Upper >= 8 && s.Nodes <= 20000, "bounds hold +8");
            Throws(() => Solution.Solve(state, "nodez=1"), GameAiStatus.InvalidArgument, "bad solver option", "nodez");
            Throws(() => Solution.Solve(state, "tt=30,mem_mb=1"), GameAiStatus.OutOfMemory,
                   "a table beyond the memory budget", "mem_mb");
            Throws(() => Solution.PositionValue(game, "8191 0 0 0"), GameAiStatus.InvalidArgument, "position of mancala", "games with one: yacht (scorecard)");
#pragma warning disable 618  // the deprecated wrapper still answers
            Throws(() => Solution.YachtScorecardValue(game, "8191 0 0 0"), GameAiStatus.InvalidArgument, "scorecard of mancala", "not a yacht game");
#pragma warning restore 618
        }
        using (Game game = Game.Load("yacht(players=1)"))
        using (State state = game.NewInitialState())
        {
            Solution s = Solution.Solve(state);
            Check(s.Value > 245.865 && s.Value < 245.875, "yacht optimum " + s.Value);
            Check(Solution.PositionValue(game, "8191 0 0 0") == s.Value, "blank scorecard is the start");
#pragma warning disable 618  // the deprecated wrapper still answers
            Check(Solution.YachtScorecardValue(game, "8191 0 0 0") == s.Value, "the deprecated wrapper agrees");
#pragma warning restore 618
            Throws(() => Solution.PositionValue(game, "8189 3 3 0"), GameAiStatus.InvalidArgument,
                   "unreachable scorecard", "upper total 3 cannot come from");
        }
        using (Game game = Game.Load("linesboard"))
        using (State state = game.NewInitialState())
            Throws(() => Solution.Solve(state), GameAiStatus.InvalidArgument, "a game without a solver", "mancala, yacht");
    }

    private static int Main()
    {
        foreach (string name in Game.RegisteredGames()) PlayOneGame(name);
        BadSpecs();
        StringsWithNulOrLoneSurrogates();
        GameDescription();
        ChanceSampling();
        Hints();
        Matches();
        Solvers();
        if (failures > 0)
        {
            Console.Error.WriteLine(failures + " check(s) failed");
            return 1;
        }
        Console.WriteLine("c# binding: all checks passed");
        return 0;
    }
}
