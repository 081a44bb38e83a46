using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace GameAi
{
    /// <summary>
    /// A match as <c>gameai match</c> plays it: seats rotate so every agent
    /// plays every seat equally often, and game i's randomness derives from
    /// the seed and i alone, so the same call gives the same games.
    /// </summary>
    public sealed class Match
    {
        private Match(string json)
        {
            Json = json;
        }

        /// <summary>The result as <c>gameai match --json</c> prints it (per agent: wins, draws, losses, win rate and mean score with 95% intervals).</summary>
        public string Json { get; private set; }

        /// <summary>Plays <paramref name="games"/> games (rounded up to a multiple of the seat rotations) on one thread.</summary>
        /// <param name="game">A game spec, e.g. <c>"mancala"</c>.</param>
        /// <param name="agents">Agent specs, cycled to fill the seats.</param>
        /// <param name="games">The number of games, at least 1.</param>
        /// <param name="seed">The match seed.</param>
        /// <exception cref="GameAiException">A bad game or agent spec, an agent count that does not fit the table, or games &lt; 1.</exception>
        public static Match Run(string game, IReadOnlyList<string> agents, long games, ulong seed)
        {
            if (game == null) throw new ArgumentNullException("game");
            if (agents == null) throw new ArgumentNullException("agents");
            var specs = new IntPtr[agents.Count];
            try
            {
                for (int i = 0; i < specs.Length; ++i)
                {
                    if (agents[i] == null) throw new ArgumentNullException("agents", "agent spec " + i + " is null");
                    byte[] utf8 = Native.Utf8(agents[i], "agents[" + i + "]");
                    specs[i] = Marshal.AllocHGlobal(utf8.Length);
                    Marshal.Copy(utf8, 0, specs[i], utf8.Length);
                }
                MatchResultHandle result;
                Native.Check(Native.gameai_match(Native.Utf8(game, "game"), specs, (UIntPtr)specs.Length, games, seed, out result));
                using (result)
                {
                    return new Match(Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) =>
                        Native.gameai_match_result_json(result, b, c, out l)));
                }
            }
            finally
            {
                foreach (IntPtr spec in specs)
                    if (spec != IntPtr.Zero) Marshal.FreeHGlobal(spec);
            }
        }

        /// <summary>The JSON result.</summary>
        public override string ToString()
        {
            return Json;
        }
    }
}
