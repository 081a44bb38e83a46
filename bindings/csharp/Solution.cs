// The exact solvers (gameai_state_solve, gameai_position_value):
// a state's value, kept apart from Native.cs so each binding file has one job.
using System;
using System.Runtime.InteropServices;
using Microsoft.Win32.SafeHandles;

namespace GameAi
{
    /// <summary>What an exact solver found (GAMEAI_SOLVE_*).</summary>
    public enum SolveStatus
    {
        /// <summary>The value is exact.</summary>
        Solved = 0,
        /// <summary>The budget ran out: only the bounds proved are known.</summary>
        Bounded = 1,
        /// <summary>A finished game: its final value.</summary>
        Terminal = 2,
    }

    internal sealed class SolveResultHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private SolveResultHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            SolverNative.gameai_solve_result_free(handle);
            return true;
        }
    }

    internal static class SolverNative
    {
        private const string Library = "gameai_c";

        [DllImport(Library)] internal static extern GameAiStatus gameai_state_solve(StateHandle state, byte[] options, out SolveResultHandle result);
        [DllImport(Library)] internal static extern void gameai_solve_result_free(IntPtr result);
        [DllImport(Library)] internal static extern GameAiStatus gameai_solve_result_status(SolveResultHandle result, out int status);
        [DllImport(Library)] internal static extern GameAiStatus gameai_solve_result_bounds(SolveResultHandle result, out double lower, out double upper);
        [DllImport(Library)] internal static extern GameAiStatus gameai_solve_result_best_action(SolveResultHandle result, out long action);
        [DllImport(Library)] internal static extern GameAiStatus gameai_solve_result_nodes(SolveResultHandle result, out long nodes);
        [DllImport(Library)] internal static extern GameAiStatus gameai_solve_result_json(SolveResultHandle result, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_position_value(GameHandle game, byte[] position, byte[] options, out double value);
        [DllImport(Library)] internal static extern GameAiStatus gameai_yacht_scorecard_value(GameHandle game, byte[] scorecard, byte[] options, out double value);
    }

    /// <summary>
    /// A state's exact value by its game's solver, as <c>gameai solve GAME
    /// --state TEXT</c> gives it: Kalah's final margin (player 0's store
    /// minus player 1's) under perfect play, or the points Yacht's player to
    /// move still expects under the optimal strategy.
    /// </summary>
    public sealed class Solution
    {
        private Solution() { }

        /// <summary>Solved, bounded (the budget ran out) or terminal.</summary>
        public SolveStatus Status { get; private set; }
        /// <summary>The exact value; null when bounded.</summary>
        public double? Value { get; private set; }
        /// <summary>The lower bound proved (the value unless bounded).</summary>
        public double Lower { get; private set; }
        /// <summary>The upper bound proved (the value unless bounded).</summary>
        public double Upper { get; private set; }
        /// <summary>The action reaching the value for the player to move; null when there is none (bounded, finished, a chance node).</summary>
        public long? BestAction { get; private set; }
        /// <summary>Search nodes (0 for a table lookup).</summary>
        public long Nodes { get; private set; }
        /// <summary>Everything, as <c>gameai solve --state ... --json</c> prints it (every option's value, the solver's figures).</summary>
        public string Json { get; private set; }

        /// <summary>Solves <paramref name="state"/>; the state is unchanged.</summary>
        /// <param name="state">A state of a game with a solver (mancala, yacht).</param>
        /// <param name="options">The solver's options as <c>--solver</c> takes them, e.g. <c>"nodes=1000000,time_s=5,mem_mb=512"</c>; null for the defaults.</param>
        /// <exception cref="GameAiException">A game without a solver (the message lists those with one), bad options, a state the solver has no value for, a table beyond the memory budget.</exception>
        public static Solution Solve(State state, string options = null)
        {
            if (state == null) throw new ArgumentNullException("state");
            SolveResultHandle result;
            Native.Check(SolverNative.gameai_state_solve(state.Handle, Native.Utf8(options, "options"), out result));
            using (result)
            {
                var s = new Solution();
                int status;
                Native.Check(SolverNative.gameai_solve_result_status(result, out status));
                s.Status = (SolveStatus)status;
                double lower, upper;
                Native.Check(SolverNative.gameai_solve_result_bounds(result, out lower, out upper));
                s.Lower = lower;
                s.Upper = upper;
                if (s.Status != SolveStatus.Bounded) s.Value = lower;
                long action;
                if (SolverNative.gameai_solve_result_best_action(result, out action) == GameAiStatus.Ok) s.BestAction = action;
                long nodes;
                Native.Check(SolverNative.gameai_solve_result_nodes(result, out nodes));
                s.Nodes = nodes;
                s.Json = Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) =>
                    SolverNative.gameai_solve_result_json(result, b, c, out l));
                return s;
            }
        }

        /// <summary>The exact value of a position in the game's own short text (<c>gameai solve GAME --position TEXT</c>; <c>gameai solve --help</c> lists the games with one and their texts).</summary>
        /// <param name="game">A game with a position text.</param>
        /// <param name="position">The position, in the game's text.</param>
        /// <param name="options">The solver's options; null for the defaults.</param>
        /// <exception cref="GameAiException">A game without one (the message names those with one), bad text, or a position no game reaches (the message says why).</exception>
        public static double PositionValue(Game game, string position, string options = null)
        {
            if (game == null) throw new ArgumentNullException("game");
            if (position == null) throw new ArgumentNullException("position");
            double value;
            Native.Check(SolverNative.gameai_position_value(game.Handle, Native.Utf8(position, "position"), Native.Utf8(options, "options"), out value));
            return value;
        }

        /// <summary>Deprecated: <see cref="PositionValue"/> for a Yacht game (an error for another game).</summary>
        [Obsolete("Use PositionValue, which takes every game with a position text.")]
        public static double YachtScorecardValue(Game game, string scorecard, string options = null)
        {
            if (game == null) throw new ArgumentNullException("game");
            if (scorecard == null) throw new ArgumentNullException("scorecard");
            double value;
            Native.Check(SolverNative.gameai_yacht_scorecard_value(game.Handle, Native.Utf8(scorecard, "scorecard"), Native.Utf8(options, "options"), out value));
            return value;
        }
    }
}
