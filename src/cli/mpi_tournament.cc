#include "mpi_tournament.h"

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "mpi_ranks.h"
#include "platform/threads.h"

namespace gameai::cli {

#ifndef GAMEAI_HAVE_MPI

RankedTournament RunTournamentOnRanks(const TournamentOptions&) {
  return {.root = true, .result = WithoutMpiError("tournament")};
}

#else

namespace {

void PutWord(std::string& out, int64_t word) {
  out.append(reinterpret_cast<const char*>(&word), sizeof word);
}

bool GetWord(std::string_view& in, int64_t& word) {
  if (in.size() < sizeof word) return false;
  std::memcpy(&word, in.data(), sizeof word);
  in.remove_prefix(sizeof word);
  return true;
}

// RankPayload: kPart, then for each of this rank's tables its index, the
// length of its series' bytes and the bytes (PlayMatchSeries).
std::string RankPayload(const TournamentPlan& plan,
                        const TournamentOptions& options, int rank, int ranks) {
  std::vector<int64_t> mine;
  for (int64_t t = rank; t < plan.tables(); t += ranks) mine.push_back(t);
  std::vector<absl::StatusOr<std::string> > parts(mine.size(), std::string());
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex progress_mutex;
  int64_t done = 0;
  const int64_t total =
      plan.games() / plan.tables() * static_cast<int64_t>(mine.size());
  platform::RunOnThreads(
      static_cast<int>(
          std::min<size_t>(options.threads, std::max<size_t>(mine.size(), 1))),
      [&](int) {
        for (size_t i;
             !failed.load() && (i = next.fetch_add(1)) < mine.size();) {
          MatchOptions m = plan.TableMatch(mine[i]);
          m.cancelled = options.cancelled;
          if (rank == 0 && options.on_progress) {
            m.on_progress = [&](int64_t, int64_t) {
              std::lock_guard<std::mutex> lock(progress_mutex);
              options.on_progress(++done, total);
            };
          }
          parts[i] = PlayMatchSeries(m, 0, 1);
          if (!parts[i].ok()) failed.store(true);
        }
      });
  std::string payload(1, kPart);
  for (size_t i = 0; i < mine.size(); ++i) {
    if (!parts[i].ok()) return ErrorPayload(parts[i].status());
    PutWord(payload, mine[i]);
    PutWord(payload, static_cast<int64_t>(parts[i]->size()));
    payload += *parts[i];
  }
  return payload;
}

// Rated: rank 0's tournament from every rank's tables.
absl::StatusOr<TournamentResult> Rated(TournamentPlan& plan,
                                       const std::vector<std::string>& payloads,
                                       double elapsed_seconds) {
  GAMEAI_RETURN_IF_ERROR(FirstError(payloads));
  for (const std::string& payload : payloads) {
    std::string_view in(payload);
    in.remove_prefix(1);
    while (!in.empty()) {
      int64_t t = 0, bytes = 0;
      if (!GetWord(in, t) || !GetWord(in, bytes) || bytes < 0 ||
          static_cast<uint64_t>(bytes) > in.size() || t < 0 ||
          t >= plan.tables()) {
        return absl::InternalError("a rank's tables arrived malformed");
      }
      const std::string part(in.substr(0, bytes));
      in.remove_prefix(bytes);
      GAMEAI_ASSIGN_OR_RETURN(MatchResult match,
                              MergeMatchSeries(plan.TableMatch(t), {part}));
      GAMEAI_RETURN_IF_ERROR(plan.AddTable(t, match));
    }
  }
  return plan.Finish(elapsed_seconds);
}

}  // namespace

RankedTournament RunTournamentOnRanks(const TournamentOptions& options) {
  const MpiRanks mpi;
  const auto start = std::chrono::steady_clock::now();
  // Every rank makes the same plan (the same error, if any, on each).
  absl::StatusOr<TournamentPlan> plan = TournamentPlan::Create(options);
  const std::string payload =
      plan.ok() ? RankPayload(*plan, options, mpi.rank(), mpi.size())
                : ErrorPayload(plan.status());
  absl::StatusOr<std::vector<std::string> > payloads = mpi.Gather(payload);
  RankedTournament out{.root = mpi.rank() == 0, .result = TournamentResult{}};
  if (!payloads.ok()) {
    out.result = payloads.status();
  } else if (mpi.rank() == 0 && !plan.ok()) {
    out.result = FirstError(*payloads);  // every rank's same error
  } else if (mpi.rank() == 0) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    out.result = Rated(*plan, *payloads, elapsed);
  } else if (payload[0] != kPart) {
    out.result = PayloadError(payload, mpi.rank(), mpi.size());
  }
  return out;
}

#endif  // GAMEAI_HAVE_MPI

}  // namespace gameai::cli
