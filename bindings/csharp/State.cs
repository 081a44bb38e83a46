using System;
using System.Collections.Generic;

namespace GameAi
{
    /// <summary>One outcome of a chance node with its exact probability.</summary>
    public struct ChanceOutcome
    {
        /// <summary>The outcome's action, for <see cref="State.ApplyAction"/>.</summary>
        public long Action;
        /// <summary>Its probability; a node's outcomes sum to 1.</summary>
        public double Probability;
    }

    /// <summary>A suggested move: what the hint agent would play, and why.</summary>
    public sealed class Hint
    {
        internal Hint(long action, string actionText, string explanation)
        {
            Action = action;
            ActionText = actionText;
            Explanation = explanation;
        }

        /// <summary>The suggested action, legal for the player to move.</summary>
        public long Action { get; private set; }
        /// <summary>The action as the game writes it (Mancala: the pit number, <c>"3"</c>).</summary>
        public string ActionText { get; private set; }
        /// <summary>The agent's explanation of the move (empty for agents that give none).</summary>
        public string Explanation { get; private set; }
    }

    /// <summary>
    /// One position of a game with its history. Every call that changes it
    /// validates its input: a rejected call throws <see cref="GameAiException"/>
    /// and leaves the state unchanged.
    /// </summary>
    public sealed class State : IDisposable
    {
        /// <summary><see cref="CurrentPlayer"/> at a chance node (dice, deals).</summary>
        public const int ChancePlayer = -1;
        /// <summary><see cref="CurrentPlayer"/> where all players move at once.</summary>
        public const int SimultaneousPlayer = -2;
        /// <summary><see cref="CurrentPlayer"/> when the game is over.</summary>
        public const int TerminalPlayer = -3;

        internal readonly StateHandle Handle;

        internal State(Game game, StateHandle handle)
        {
            Game = game;
            Handle = handle;
        }

        /// <summary>The game this state belongs to.</summary>
        public Game Game { get; private set; }

        /// <summary>The seat to act, or <see cref="ChancePlayer"/>, <see cref="SimultaneousPlayer"/>, <see cref="TerminalPlayer"/>.</summary>
        public int CurrentPlayer
        {
            get { int p; Native.Check(Native.gameai_state_current_player(Handle, out p)); return p; }
        }

        /// <summary>True when the game is over.</summary>
        public bool IsTerminal
        {
            get { int t; Native.Check(Native.gameai_state_is_terminal(Handle, out t)); return t != 0; }
        }

        /// <summary>True at a chance node: apply one of <see cref="ChanceOutcomes"/> (e.g. <see cref="SampleChance"/>).</summary>
        public bool IsChanceNode
        {
            get { return CurrentPlayer == ChancePlayer; }
        }

        /// <summary>True where every seat acts at once (<see cref="ApplyJointAction"/>).</summary>
        public bool IsSimultaneousNode
        {
            get { return CurrentPlayer == SimultaneousPlayer; }
        }

        /// <summary>The legal actions of the player to move (at a chance node: the outcomes), ascending; empty when the game is over.</summary>
        /// <exception cref="GameAiException">FailedPrecondition at a simultaneous node, where every seat acts: call <c>LegalActions(seat)</c>.</exception>
        public IReadOnlyList<long> LegalActions()
        {
            int player = CurrentPlayer;
            if (player == TerminalPlayer) return new long[0];
            return LegalActions(Acting(player, "LegalActions"));
        }

        /// <summary>The legal actions of a seat, ascending (empty when it does not act here).</summary>
        /// <param name="player">A seat 0..NumPlayers-1, or <see cref="ChancePlayer"/> at a chance node.</param>
        public IReadOnlyList<long> LegalActions(int player)
        {
            return Native.ReadArray<long>((long[] a, UIntPtr c, out UIntPtr n) =>
                Native.gameai_state_legal_actions(Handle, player, a, c, out n));
        }

        /// <summary>Applies the action of the player (or chance) to move.</summary>
        /// <exception cref="GameAiException">An illegal action (the message lists the legal ones) or a finished game; the state is unchanged.</exception>
        public void ApplyAction(long action)
        {
            Native.Check(Native.gameai_state_apply_action(Handle, action));
        }

        /// <summary>At a simultaneous node: one action per seat, in seat order.</summary>
        /// <exception cref="GameAiException">A wrong count or an illegal action; the state is unchanged.</exception>
        public void ApplyJointAction(IReadOnlyList<long> actions)
        {
            if (actions == null) throw new ArgumentNullException("actions");
            var joint = new long[actions.Count];
            for (int i = 0; i < joint.Length; ++i) joint[i] = actions[i];
            Native.Check(Native.gameai_state_apply_joint_action(Handle, joint, (UIntPtr)joint.Length));
        }

        /// <summary>Takes back the last action (or joint action).</summary>
        /// <exception cref="GameAiException">Nothing to undo.</exception>
        public void Undo()
        {
            Native.Check(Native.gameai_state_undo(Handle));
        }

        /// <summary>The outcomes of a chance node with their probabilities (empty elsewhere).</summary>
        public IReadOnlyList<ChanceOutcome> ChanceOutcomes()
        {
            var actions = new long[64];
            var probabilities = new double[64];
            for (;;)
            {
                UIntPtr count;
                GameAiStatus status = Native.gameai_state_chance_outcomes(
                    Handle, actions, probabilities, (UIntPtr)actions.Length, out count);
                if (status == GameAiStatus.BufferTooSmall && (ulong)count > (ulong)actions.Length)
                {
                    actions = new long[checked((int)count)];
                    probabilities = new double[actions.Length];
                    continue;
                }
                Native.Check(status);
                var outcomes = new ChanceOutcome[(int)count];
                for (int i = 0; i < outcomes.Length; ++i)
                {
                    outcomes[i].Action = actions[i];
                    outcomes[i].Probability = probabilities[i];
                }
                return outcomes;
            }
        }

        /// <summary>
        /// A chance outcome drawn by its probability from <paramref name="seed"/>
        /// alone (the same state and seed give the same outcome); not applied.
        /// </summary>
        /// <exception cref="GameAiException">Not a chance node.</exception>
        public long SampleChance(ulong seed)
        {
            long action;
            Native.Check(Native.gameai_state_sample_chance(Handle, seed, out action));
            return action;
        }

        /// <summary>One return per seat (all 0 before the end of the game).</summary>
        public IReadOnlyList<double> Returns()
        {
            return Native.ReadArray<double>((double[] a, UIntPtr c, out UIntPtr n) =>
                Native.gameai_state_returns(Handle, a, c, out n));
        }

        /// <summary>Each seat's score in the game's own terms (Kalah: seeds in store), at any point.</summary>
        public IReadOnlyList<double> Scores()
        {
            return Native.ReadArray<double>((double[] a, UIntPtr c, out UIntPtr n) =>
                Native.gameai_state_scores(Handle, a, c, out n));
        }

        /// <summary>The state as text that <see cref="GameAi.Game.Deserialize"/> reads back.</summary>
        public string Serialize()
        {
            return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_state_serialize(Handle, b, c, out l));
        }

        /// <summary>What a seat may see of the state, as text.</summary>
        public string ObservationString(int player)
        {
            return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.gameai_state_observation_string(Handle, player, b, c, out l));
        }

        /// <summary>An action of the player (or chance) to move as text (Mancala: the pit number, <c>"3"</c>).</summary>
        /// <exception cref="GameAiException">FailedPrecondition where no single player acts (simultaneous, finished): pass a seat.</exception>
        public string ActionToString(long action)
        {
            return ActionToString(Acting(CurrentPlayer, "ActionToString"), action);
        }

        /// <summary>An action of <paramref name="player"/> as text.</summary>
        public string ActionToString(int player, long action)
        {
            return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.gameai_state_action_to_string(Handle, player, action, b, c, out l));
        }

        /// <summary>The action a text names for the player to move, if legal now.</summary>
        /// <exception cref="GameAiException">Text that names no legal action; FailedPrecondition where no single player acts (simultaneous, finished): pass a seat.</exception>
        public long StringToAction(string text)
        {
            return StringToAction(Acting(CurrentPlayer, "StringToAction"), text);
        }

        // Acting: `player` (the current player) for the overloads without a
        // seat, or why there is none to take.
        private static int Acting(int player, string call)
        {
            if (player == SimultaneousPlayer)
            {
                throw new GameAiException(GameAiStatus.FailedPrecondition,
                    "every seat acts at once here: call " + call + " with a seat");
            }
            if (player == TerminalPlayer)
            {
                throw new GameAiException(GameAiStatus.FailedPrecondition,
                    "the game is over: no player acts; call " + call + " with a seat");
            }
            return player;
        }

        /// <summary>The action a text names for <paramref name="player"/>, if legal now.</summary>
        /// <exception cref="GameAiException">Text that names no legal action.</exception>
        public long StringToAction(int player, string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            long action;
            Native.Check(Native.gameai_state_string_to_action(Handle, player, Native.Utf8(text, "text"), out action));
            return action;
        }

        /// <summary>
        /// The move the game's strongest agent (or <paramref name="agentSpec"/>)
        /// would play for the player to move, with its explanation.
        /// </summary>
        /// <param name="agentSpec">An agent spec, or null for the game's strongest (what <c>gameai play</c> hints with).</param>
        /// <exception cref="GameAiException">No player to move (chance, simultaneous or finished) or a bad agent spec.</exception>
        public Hint GetHint(string agentSpec = null)
        {
            byte[] spec = Native.Utf8(agentSpec, "agentSpec");
            var explanation = new byte[1024];
            for (;;)
            {
                long action;
                UIntPtr length;
                GameAiStatus status = Native.gameai_state_hint(
                    Handle, spec, out action, explanation, (UIntPtr)explanation.Length, out length);
                if (status == GameAiStatus.BufferTooSmall && (ulong)length > (ulong)explanation.Length)
                {
                    explanation = new byte[checked((int)length)];
                    continue;
                }
                Native.Check(status);
                string text = System.Text.Encoding.UTF8.GetString(explanation, 0, checked((int)length) - 1);
                return new Hint(action, ActionToString(action), text);
            }
        }

        /// <summary>An independent copy with the same history.</summary>
        public State Clone()
        {
            StateHandle copy;
            Native.Check(Native.gameai_state_clone(Handle, out copy));
            return new State(Game, copy);
        }

        /// <summary>The state drawn as text (a board, hands, scores).</summary>
        public override string ToString()
        {
            return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_state_to_string(Handle, b, c, out l));
        }

        /// <summary>Frees the state.</summary>
        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
