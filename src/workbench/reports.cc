// The workbench's JSON documents and readable tables (reports.h).
#include "gameai/workbench/reports.h"

#include <algorithm>
#include <cmath>

#include "base/json_text.h"
#include "fmt/format.h"

#ifndef GAMEAI_VERSION_TEXT
#define GAMEAI_VERSION_TEXT "unknown"
#endif

namespace gameai {
namespace {

using Json = nlohmann::ordered_json;

Json Pair(const Interval& interval) {
  return Json::array({interval.low, interval.high});
}

Json MoveSeconds(int64_t moves, double seconds, double max_seconds) {
  return {{"mean", moves > 0 ? seconds / static_cast<double>(moves) : 0.0},
          {"max", max_seconds}};
}

const char* Platform() {
#if defined(_WIN32)
  return "windows";
#elif defined(__EMSCRIPTEN__)
  return "wasm";
#elif defined(__APPLE__)
  return "macos";
#else
  return "linux";
#endif
}

const char* Architecture() {
#if defined(__x86_64__) || defined(_M_X64)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#elif defined(__wasm__)
  return "wasm32";
#else
  return "other";
#endif
}

Json VersionsJson() {
  return {{"gameai", GAMEAI_VERSION_TEXT},
          {"compiler", fmt::format("{} {}",
#if defined(__clang__)
                                   "clang",
#else
                                   "gcc",
#endif
                                   __VERSION__)},
          {"platform", fmt::format("{}-{}", Platform(), Architecture())}};
}

Json TournamentDocument(const TournamentResult& r, const std::string& kind) {
  const TournamentOptions& o = r.options;
  Json tables = Json::array();
  for (const std::vector<int>& table : r.tables) {
    Json specs = Json::array();
    for (int agent : table) specs.push_back(o.agents[agent]);
    tables.push_back(std::move(specs));
  }
  Json doc = {
      {"kind", kind},
      {"command", o.command},
      {"versions", VersionsJson()},
      {"game", o.game},
      {"players", r.num_players},
      {"format", kind == "tournament" ? Json(TournamentFormatName(o.format))
                                      : Json("match")},
      {"agents", o.agents},
      {"model", r.model},
      {"anchor", r.anchor},
      {"games_per_pairing", r.games_per_table},
      {"rounds_per_pairing", r.rounds_per_table},
      {"tables", std::move(tables)},
      {"games", r.games},
      {"seed", o.seed},
      {"threads", o.threads},
      {"random_opening", o.random_opening},
      {"elapsed_seconds", r.elapsed_seconds}};
  Json ratings = Json::array();
  for (int i : r.ranking) {
    const TournamentAgent& a = r.agents[i];
    ratings.push_back({{"agent", a.spec},
                       {"elo", a.elo},
                       {"ci95", Pair(a.elo_ci95)},
                       {"games", a.games},
                       {"score", a.score},
                       {"score_ci95", Pair(a.score_ci95)},
                       {"illegal_actions", a.illegal_actions},
                       {"moves", a.moves},
                       {"move_seconds", MoveSeconds(a.moves, a.move_seconds,
                                                    a.max_move_seconds)}});
  }
  doc["ratings"] = std::move(ratings);
  if (!r.pairwise.empty()) {
    Json pairwise = Json::array();
    for (const Pairwise& p : r.pairwise) {
      pairwise.push_back({{"agents", {o.agents[p.a], o.agents[p.b]}},
                          {"wins", p.wins},
                          {"draws", p.draws},
                          {"losses", p.losses}});
    }
    doc["pairwise"] = std::move(pairwise);
  }
  Json los_agents = Json::array(), matrix = Json::array();
  for (int i : r.ranking) {
    los_agents.push_back(o.agents[i]);
    Json row = Json::array();
    for (int j : r.ranking) row.push_back(r.ratings.los[i][j]);
    matrix.push_back(std::move(row));
  }
  doc["los"] = {{"agents", std::move(los_agents)},
                {"matrix", std::move(matrix)}};
  Json progress = Json::array();
  for (int i : r.ranking) {
    Json points = Json::array();
    for (const ScorePoint& p : r.agents[i].progress) {
      points.push_back(
          {{"games", p.games}, {"score", p.score}, {"ci95", Pair(p.ci95)}});
    }
    progress.push_back({{"agent", o.agents[i]}, {"points", std::move(points)}});
  }
  doc["progress"] = std::move(progress);
  doc["warnings"] = r.warnings;
  return doc;
}

// Thinned: at most `most` points of the path, the last one kept.
std::vector<SprtPoint> Thinned(const std::vector<SprtPoint>& path,
                               size_t most) {
  if (path.size() <= most) return path;
  std::vector<SprtPoint> out;
  for (size_t j = 1; j <= most; ++j)
    out.push_back(path[path.size() * j / most - 1]);
  return out;
}

}  // namespace

std::string ReportVersions() {
  const Json v = VersionsJson();
  return fmt::format("gameai {}, {}, {}", v["gameai"].get<std::string>(),
                     v["compiler"].get<std::string>(),
                     v["platform"].get<std::string>());
}

std::string TournamentResultToJson(const TournamentResult& result) {
  return JsonText(TournamentDocument(result, "tournament")) + "\n";
}

absl::StatusOr<std::string> MatchReportJson(const MatchResult& match,
                                            const std::string& command) {
  absl::StatusOr<TournamentResult> table = TournamentOfMatch(match);
  if (!table.ok()) return table.status();
  table->options.command = command;
  return JsonText(TournamentDocument(*table, "match")) + "\n";
}

std::string TournamentResultToTable(const TournamentResult& r) {
  const TournamentOptions& o = r.options;
  std::string out = fmt::format(
      "{}: {} {}, {} tables of {} games ({} games), seed {}, {} thread(s), "
      "{} random opening plies, {:.2f} s\n",
      o.game, TournamentFormatName(o.format), r.model, r.tables.size(),
      r.games_per_table, r.games, o.seed, o.threads, o.random_opening,
      r.elapsed_seconds);
  out += fmt::format("{:>4} {:<36} {:>8} {:>20} {:>7} {:>22} {:>12}\n", "rank",
                     "agent", "elo", "95% interval", "games", "score [95% CI]",
                     "s/move");
  int rank = 0;
  for (int i : r.ranking) {
    const TournamentAgent& a = r.agents[i];
    out += fmt::format(
        "{:>4} {:<36} {:>+8.1f} [{:>+8.1f}, {:>+8.1f}] {:>7} {:>6.3f} "
        "[{:.3f}, {:.3f}] {:>12.6f}\n",
        ++rank, a.spec, a.elo, a.elo_ci95.low, a.elo_ci95.high, a.games,
        a.score, a.score_ci95.low, a.score_ci95.high,
        a.moves > 0 ? a.move_seconds / static_cast<double>(a.moves) : 0.0);
  }
  out += fmt::format("anchor: {} = 0\n", r.anchor);
  if (!r.pairwise.empty()) {
    out += r.num_players > 2
               ? "pairwise (first agent finished ahead-level-behind):\n"
               : "pairwise (first agent's wins-draws-losses):\n";
    for (const Pairwise& p : r.pairwise) {
      out += fmt::format("  {} vs {}: {}-{}-{}\n", o.agents[p.a], o.agents[p.b],
                         p.wins, p.draws, p.losses);
    }
  }
  for (const std::string& w : r.warnings) out += "warning: " + w + "\n";
  return out;
}

std::string SprtResultToJson(const SprtResult& r) {
  const SprtOptions& o = r.options;
  Json path = Json::array();
  for (const SprtPoint& p : Thinned(r.path, 2000)) {
    path.push_back(Json::array({p.games, p.llr}));
  }
  Json agents = Json::array();
  for (const AgentResult& a : r.agents) {
    agents.push_back({{"agent", a.spec},
                      {"games", a.games},
                      {"wins", a.wins},
                      {"draws", a.draws},
                      {"losses", a.losses},
                      {"score", a.win_rate},
                      {"score_ci95", Pair(a.win_rate_ci95)},
                      {"illegal_actions", a.illegal_actions},
                      {"moves", a.moves},
                      {"move_seconds", MoveSeconds(a.moves, a.move_seconds,
                                                   a.max_move_seconds)}});
  }
  Json doc = {
      {"kind", "sprt"},
      {"command", o.command},
      {"versions", VersionsJson()},
      {"game", o.game},
      {"new", o.new_agent},
      {"base", o.base_agent},
      {"elo0", o.elo0},
      {"elo1", o.elo1},
      {"alpha", o.alpha},
      {"beta", o.beta},
      {"max_games", o.max_games},
      {"seed", o.seed},
      {"threads", o.threads},
      {"random_opening", o.random_opening},
      {"model", r.model},
      {"games_per_unit", r.games_per_unit},
      {"decision", SprtDecisionName(r.decision)},
      {"games", r.games},
      {"llr", r.llr},
      {"bounds", Json::array({r.bounds.lower, r.bounds.upper})},
      {"elo", {{"estimate", r.elo.estimate}, {"ci95", Pair(r.elo.ci95)}}},
      {"outcomes", {{"scores", r.counts.values}, {"counts", r.counts.counts}}},
      {"agents", std::move(agents)},
      {"llr_path", std::move(path)},
      {"elapsed_seconds", r.elapsed_seconds}};
  return JsonText(doc) + "\n";
}

std::string SprtResultToTable(const SprtResult& r) {
  const SprtOptions& o = r.options;
  std::string counts;
  for (size_t k = 0; k < r.counts.values.size(); ++k) {
    counts += fmt::format("{}{}: {}", k == 0 ? "" : ", ", r.counts.values[k],
                          r.counts.counts[k]);
  }
  return fmt::format(
      "{}: SPRT of {} against {}, H0 elo <= {} / H1 elo >= {}, alpha {} beta "
      "{}, {} model\n"
      "games {}, LLR {:.3f} in [{:.3f}, {:.3f}]: {}\n"
      "elo {:+.1f} [{:+.1f}, {:+.1f}]\n"
      "{} (scores: counts) {}\n"
      "{:.2f} s\n",
      o.game, o.new_agent, o.base_agent, o.elo0, o.elo1, o.alpha, o.beta,
      r.model, r.games, r.llr, r.bounds.lower, r.bounds.upper,
      r.decision == SprtDecision::kH1   ? "H1 accepted"
      : r.decision == SprtDecision::kH0 ? "H0 accepted"
                                        : "no decision (max games reached)",
      r.elo.estimate, r.elo.ci95.low, r.elo.ci95.high,
      r.games_per_unit == 2 ? "game pairs" : "games", counts,
      r.elapsed_seconds);
}

}  // namespace gameai
