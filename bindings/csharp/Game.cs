using System;
using System.Collections.Generic;

namespace GameAi
{
    /// <summary>What kind of game it is; agents and the arena branch on it.</summary>
    public sealed class GameType
    {
        internal GameType(NativeGameType type)
        {
            Simultaneous = type.Simultaneous != 0;
            Stochastic = type.Stochastic != 0;
            ImperfectInformation = type.ImperfectInformation != 0;
            ZeroSum = type.ZeroSum != 0;
        }

        /// <summary>Players move at once: use <see cref="State.ApplyJointAction"/>.</summary>
        public bool Simultaneous { get; private set; }
        /// <summary>The game has chance nodes (dice, deals).</summary>
        public bool Stochastic { get; private set; }
        /// <summary>A seat sees only its own view of the state (hidden cards).</summary>
        public bool ImperfectInformation { get; private set; }
        /// <summary>Two players, one's return the negation of the other's.</summary>
        public bool ZeroSum { get; private set; }
    }

    /// <summary>
    /// A game with its parameters, loaded from a spec string such as
    /// <c>"mancala(pits=6,seeds=4)"</c> (the syntax of <c>gameai games</c>).
    /// Immutable; states and agents made from it keep it alive in the library.
    /// </summary>
    public sealed class Game : IDisposable
    {
        internal readonly GameHandle Handle;

        private Game(GameHandle handle)
        {
            Handle = handle;
        }

        /// <summary>Loads a game by spec string.</summary>
        /// <param name="spec">A game name with optional parameters, e.g. <c>"yacht(players=1)"</c>.</param>
        /// <exception cref="GameAiException">An unknown game or a bad parameter; the message lists what is accepted.</exception>
        public static Game Load(string spec)
        {
            if (spec == null) throw new ArgumentNullException("spec");
            GameHandle handle;
            Native.Check(Native.gameai_game_load(Native.Utf8(spec, "spec"), out handle));
            return new Game(handle);
        }

        /// <summary>The names of every registered game, in registration order.</summary>
        public static IReadOnlyList<string> RegisteredGames()
        {
            return Native.ReadList(
                () => { UIntPtr n; Native.Check(Native.gameai_registered_game_count(out n)); return n; },
                i => (byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_registered_game_name(i, b, c, out l));
        }

        /// <summary>The registry name, e.g. <c>"mancala"</c>.</summary>
        public string Name
        {
            get { return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_game_name(Handle, b, c, out l)); }
        }

        /// <summary>The canonical spec with every parameter, e.g. <c>"mancala(pits=6,seeds=4,first_player=0,empty_capture=false)"</c>.</summary>
        public string Spec
        {
            get { return Native.ReadText((byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_game_spec(Handle, b, c, out l)); }
        }

        /// <summary>Every parameter as (name, value in spec form), in declaration order.</summary>
        public IReadOnlyList<KeyValuePair<string, string>> Parameters
        {
            get
            {
                Func<UIntPtr> count = () => { UIntPtr n; Native.Check(Native.gameai_game_param_count(Handle, out n)); return n; };
                List<string> names = Native.ReadList(count,
                    i => (byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_game_param_name(Handle, i, b, c, out l));
                List<string> values = Native.ReadList(count,
                    i => (byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_game_param_value(Handle, i, b, c, out l));
                var parameters = new List<KeyValuePair<string, string>>(names.Count);
                for (int i = 0; i < names.Count; ++i)
                    parameters.Add(new KeyValuePair<string, string>(names[i], values[i]));
                return parameters;
            }
        }

        /// <summary>The names of the agents that play this game (generic ones first), as <see cref="LoadAgent"/> accepts them.</summary>
        public IReadOnlyList<string> AgentNames
        {
            get
            {
                return Native.ReadList(
                    () => { UIntPtr n; Native.Check(Native.gameai_game_agent_count(Handle, out n)); return n; },
                    i => (byte[] b, UIntPtr c, out UIntPtr l) => Native.gameai_game_agent_name(Handle, i, b, c, out l));
            }
        }

        /// <summary>The number of seats.</summary>
        public int NumPlayers
        {
            get { int n; Native.Check(Native.gameai_game_num_players(Handle, out n)); return n; }
        }

        /// <summary>Actions are numbers in [0, NumDistinctActions).</summary>
        public long NumDistinctActions
        {
            get { long n; Native.Check(Native.gameai_game_num_distinct_actions(Handle, out n)); return n; }
        }

        /// <summary>An upper bound on the actions (chance and joint ones included) of a game.</summary>
        public int MaxGameLength
        {
            get { int n; Native.Check(Native.gameai_game_max_game_length(Handle, out n)); return n; }
        }

        /// <summary>What kind of game it is.</summary>
        public GameType Type
        {
            get { NativeGameType t; Native.Check(Native.gameai_game_get_type(Handle, out t)); return new GameType(t); }
        }

        /// <summary>The start of a game (often a chance node: the deal or the roll).</summary>
        public State NewInitialState()
        {
            StateHandle state;
            Native.Check(Native.gameai_state_new_initial(Handle, out state));
            return new State(this, state);
        }

        /// <summary>The inverse of <see cref="State.Serialize"/>.</summary>
        /// <exception cref="GameAiException">Text that is not a valid state of this game.</exception>
        public State Deserialize(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            StateHandle state;
            Native.Check(Native.gameai_state_deserialize(Handle, Native.Utf8(text, "text"), out state));
            return new State(this, state);
        }

        /// <summary>An agent for this game by spec string, e.g. <c>"mcts(simulations=500)"</c> or <c>"strongest"</c>.</summary>
        /// <exception cref="GameAiException">An unknown agent, a bad parameter, or an agent that cannot play this game.</exception>
        public Agent LoadAgent(string spec)
        {
            if (spec == null) throw new ArgumentNullException("spec");
            AgentHandle agent;
            Native.Check(Native.gameai_agent_load(Handle, Native.Utf8(spec, "spec"), out agent));
            return new Agent(this, spec, agent);
        }

        /// <summary>The canonical spec.</summary>
        public override string ToString()
        {
            return Spec;
        }

        /// <summary>Frees the game (states and agents made from it stay valid).</summary>
        public void Dispose()
        {
            Handle.Dispose();
        }
    }
}
