// The C API (include/gameai/c_api.h) as P/Invoke declarations, the handles
// that free its objects, and the two-call buffer pattern in one place.
// Strings cross as NUL-terminated UTF-8 byte arrays, so the marshaling is
// the same on Mono, .NET and Unity (Mono and IL2CPP).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using Microsoft.Win32.SafeHandles;

namespace GameAi
{
    /// <summary>The status codes of the C API (gameai_status).</summary>
    public enum GameAiStatus
    {
        /// <summary>The call succeeded.</summary>
        Ok = 0,
        /// <summary>A bad spec, action, text, null or out-of-range argument.</summary>
        InvalidArgument = 1,
        /// <summary>An unknown game or agent.</summary>
        NotFound = 2,
        /// <summary>The call does not fit the state, e.g. an action on a finished game.</summary>
        FailedPrecondition = 3,
        /// <summary>A buffer was too small (handled inside the binding).</summary>
        BufferTooSmall = 4,
        /// <summary>Not supported, e.g. an agent that cannot play a game.</summary>
        Unimplemented = 5,
        /// <summary>An error inside the library.</summary>
        Internal = 6,
        /// <summary>Not enough memory for what was asked (a table, a search); nothing was changed.</summary>
        OutOfMemory = 7,
    }

    internal sealed class GameHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private GameHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.gameai_game_free(handle);
            return true;
        }
    }

    internal sealed class StateHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private StateHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.gameai_state_free(handle);
            return true;
        }
    }

    internal sealed class AgentHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private AgentHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.gameai_agent_free(handle);
            return true;
        }
    }

    internal sealed class MatchResultHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private MatchResultHandle() : base(true) { }

        protected override bool ReleaseHandle()
        {
            Native.gameai_match_result_free(handle);
            return true;
        }
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct NativeGameType
    {
        public int Simultaneous;
        public int Stochastic;
        public int ImperfectInformation;
        public int ZeroSum;
    }

    internal static class Native
    {
        private const string Library = "gameai_c";

        // A call writing text or values to a caller buffer of `capacity`.
        internal delegate GameAiStatus TextCall(byte[] buffer, UIntPtr capacity, out UIntPtr length);
        internal delegate GameAiStatus ArrayCall<T>(T[] values, UIntPtr capacity, out UIntPtr count);

        /// <summary>Throws the library's message unless the call succeeded.</summary>
        internal static void Check(GameAiStatus status)
        {
            if (status != GameAiStatus.Ok) throw new GameAiException(status, LastError());
        }

        internal static string LastError()
        {
            return FromUtf8(gameai_last_error());
        }

        // Strict: a lone surrogate throws instead of becoming U+FFFD.
        private static readonly Encoding StrictUtf8 = new UTF8Encoding(false, true);

        // Utf8: `text` as a NUL-terminated UTF-8 string for the C API. An
        // embedded NUL would cut it short there (the rest silently ignored),
        // and a lone surrogate has no UTF-8 form: both are refused, naming
        // the parameter.
        internal static byte[] Utf8(string text, string parameter)
        {
            if (text == null) return null;
            int nul = text.IndexOf('\0');
            if (nul >= 0)
                throw new ArgumentException(parameter + " holds a NUL character at index " +
                    nul + "; accepted: text without NUL", parameter);
            try
            {
                return StrictUtf8.GetBytes(text + "\0");
            }
            catch (EncoderFallbackException e)
            {
                throw new ArgumentException(parameter + " holds a lone surrogate at index " +
                    e.Index + "; accepted: valid Unicode text", parameter);
            }
        }

        internal static string FromUtf8(IntPtr text)
        {
            if (text == IntPtr.Zero) return string.Empty;
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0) ++length;
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>The text a call writes, in one call when it fits 256 bytes.</summary>
        internal static string ReadText(TextCall call)
        {
            var buffer = new byte[256];
            for (;;)
            {
                UIntPtr length;
                GameAiStatus status = call(buffer, (UIntPtr)buffer.Length, out length);
                if (status == GameAiStatus.BufferTooSmall && (ulong)length > (ulong)buffer.Length)
                {
                    buffer = new byte[checked((int)length)];
                    continue;
                }
                Check(status);
                return Encoding.UTF8.GetString(buffer, 0, checked((int)length) - 1);
            }
        }

        /// <summary>The values a call writes, in one call when 64 fit.</summary>
        internal static T[] ReadArray<T>(ArrayCall<T> call)
        {
            var values = new T[64];
            for (;;)
            {
                UIntPtr count;
                GameAiStatus status = call(values, (UIntPtr)values.Length, out count);
                if (status == GameAiStatus.BufferTooSmall && (ulong)count > (ulong)values.Length)
                {
                    values = new T[checked((int)count)];
                    continue;
                }
                Check(status);
                Array.Resize(ref values, checked((int)count));
                return values;
            }
        }

        /// <summary>Count-then-index lists (games, parameters, agents).</summary>
        internal static List<string> ReadList(Func<UIntPtr> count, Func<UIntPtr, TextCall> item)
        {
            ulong n = (ulong)count();
            var names = new List<string>((int)n);
            for (ulong i = 0; i < n; ++i) names.Add(ReadText(item((UIntPtr)i)));
            return names;
        }

        [DllImport(Library)] internal static extern int gameai_version();
        [DllImport(Library)] internal static extern IntPtr gameai_last_error();

        [DllImport(Library)] internal static extern GameAiStatus gameai_registered_game_count(out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_registered_game_name(UIntPtr index, byte[] buffer, UIntPtr capacity, out UIntPtr length);

        [DllImport(Library)] internal static extern GameAiStatus gameai_game_load(byte[] spec, out GameHandle game);
        [DllImport(Library)] internal static extern void gameai_game_free(IntPtr game);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_num_players(GameHandle game, out int players);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_num_distinct_actions(GameHandle game, out long actions);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_max_game_length(GameHandle game, out int length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_get_type(GameHandle game, out NativeGameType type);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_name(GameHandle game, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_spec(GameHandle game, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_param_count(GameHandle game, out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_param_name(GameHandle game, UIntPtr index, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_param_value(GameHandle game, UIntPtr index, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_agent_count(GameHandle game, out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_game_agent_name(GameHandle game, UIntPtr index, byte[] buffer, UIntPtr capacity, out UIntPtr length);

        [DllImport(Library)] internal static extern GameAiStatus gameai_state_new_initial(GameHandle game, out StateHandle state);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_deserialize(GameHandle game, byte[] text, out StateHandle state);
        [DllImport(Library)] internal static extern void gameai_state_free(IntPtr state);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_clone(StateHandle state, out StateHandle copy);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_current_player(StateHandle state, out int player);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_is_terminal(StateHandle state, out int terminal);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_legal_actions(StateHandle state, int player, long[] actions, UIntPtr capacity, out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_apply_action(StateHandle state, long action);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_apply_joint_action(StateHandle state, long[] actions, UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_undo(StateHandle state);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_chance_outcomes(StateHandle state, long[] actions, double[] probabilities, UIntPtr capacity, out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_sample_chance(StateHandle state, ulong seed, out long action);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_returns(StateHandle state, double[] returns, UIntPtr capacity, out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_scores(StateHandle state, double[] scores, UIntPtr capacity, out UIntPtr count);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_serialize(StateHandle state, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_to_string(StateHandle state, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_observation_string(StateHandle state, int player, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_action_to_string(StateHandle state, int player, long action, byte[] buffer, UIntPtr capacity, out UIntPtr length);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_string_to_action(StateHandle state, int player, byte[] text, out long action);
        [DllImport(Library)] internal static extern GameAiStatus gameai_state_hint(StateHandle state, byte[] agentSpec, out long action, byte[] explanation, UIntPtr capacity, out UIntPtr length);

        [DllImport(Library)] internal static extern GameAiStatus gameai_agent_load(GameHandle game, byte[] spec, out AgentHandle agent);
        [DllImport(Library)] internal static extern void gameai_agent_free(IntPtr agent);
        [DllImport(Library)] internal static extern GameAiStatus gameai_agent_start_game(AgentHandle agent, int seat, ulong seed);
        [DllImport(Library)] internal static extern GameAiStatus gameai_agent_step(AgentHandle agent, StateHandle state, out long action);
        [DllImport(Library)] internal static extern GameAiStatus gameai_agent_explain(AgentHandle agent, byte[] buffer, UIntPtr capacity, out UIntPtr length);

        [DllImport(Library)] internal static extern GameAiStatus gameai_match(byte[] gameSpec, IntPtr[] agentSpecs, UIntPtr numAgents, long games, ulong seed, out MatchResultHandle result);
        [DllImport(Library)] internal static extern void gameai_match_result_free(IntPtr result);
        [DllImport(Library)] internal static extern GameAiStatus gameai_match_result_json(MatchResultHandle result, byte[] buffer, UIntPtr capacity, out UIntPtr length);
    }
}
