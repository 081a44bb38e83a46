using System;

namespace GameAi
{
    /// <summary>
    /// A player (a registered bot) for one game, made by <see cref="Game.LoadAgent"/>.
    /// Seat it with <see cref="StartGame"/>, then ask <see cref="Step"/> where its seat acts.
    /// </summary>
    public sealed class Agent : IDisposable
    {
        internal readonly AgentHandle Handle;

        internal Agent(Game game, string spec, AgentHandle handle)
        {
            Game = game;
            Spec = spec;
            Handle = handle;
        }

        /// <summary>The game the agent plays.</summary>
        public Game Game { get; private set; }

        /// <summary>The spec it was loaded with.</summary>
        public string Spec { get; private set; }

        /// <summary>Seats the agent for a new game; <paramref name="seed"/> makes its play reproducible.</summary>
        /// <exception cref="GameAiException">A seat out of range.</exception>
        public void StartGame(int seat, ulong seed)
        {
            Native.Check(Native.gameai_agent_start_game(Handle, seat, seed));
        }

        /// <summary>The agent's action in <paramref name="state"/>, where its seat acts; it sees only its seat's view.</summary>
        /// <exception cref="GameAiException">Not seated, not its turn, or a state of another game.</exception>
        public long Step(State state)
        {
            if (state == null) throw new ArgumentNullException("state");
            long action;
            Native.Check(Native.gameai_agent_step(Handle, state.Handle, out action));
            return action;
        }

        /// <summary>The agent's explanation of its last step (empty when it gives none).</summary>
        public string Explain()
        {
            return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_agent_explain(Handle, b, c, out l));
        }

        /// <summary>The spec.</summary>
        public override string ToString()
        {
            return Spec;
        }

        /// <summary>Frees the agent.</summary>
        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
