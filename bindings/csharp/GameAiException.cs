using System;

namespace GameAi
{
    /// <summary>
    /// A call into gameai failed. The message is the library's own
    /// (gameai_last_error()): it names what was wrong and what is accepted.
    /// The objects passed to the failed call are unchanged.
    /// </summary>
    public sealed class GameAiException : Exception
    {
        /// <summary>Creates the exception for a failed call.</summary>
        /// <param name="status">The status the C API returned.</param>
        /// <param name="message">The library's message.</param>
        public GameAiException(GameAiStatus status, string message) : base(message)
        {
            Status = status;
        }

        /// <summary>The kind of failure (never <see cref="GameAiStatus.Ok"/>).</summary>
        public GameAiStatus Status { get; private set; }
    }
}
