// Tournament and SPRT options from a JSON object (the C API's way of
// passing keyword options), every key checked for its type and range.
#include <cmath>
#include <string>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/workbench/sprt.h"
#include "gameai/workbench/tournament.h"
#include "nlohmann/json.hpp"

namespace gameai {
namespace {

using Json = nlohmann::json;

absl::StatusOr<Json> ParseObject(std::string_view text) {
  if (text.empty()) return Json::object();
  Json doc = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) {
    return absl::InvalidArgumentError(
        "options must be a JSON object, e.g. {\"seed\": 3}");
  }
  return doc;
}

absl::Status Integer(const Json& doc, const char* key, int64_t lo, int64_t hi,
                     int64_t& out) {
  if (!doc.contains(key)) return absl::OkStatus();
  const Json& v = doc[key];
  if (!v.is_number_integer() || v.get<int64_t>() < lo ||
      v.get<int64_t>() > hi ||
      (v.is_number_unsigned() &&
       v.get<uint64_t>() > static_cast<uint64_t>(hi))) {
    return absl::InvalidArgumentError(
        fmt::format("option \"{}\" is {}; accepted: an integer in [{}, {}]",
                    key, v.dump(), lo, hi));
  }
  out = v.get<int64_t>();
  return absl::OkStatus();
}

absl::Status Seed(const Json& doc, uint64_t& out) {
  if (!doc.contains("seed")) return absl::OkStatus();
  const Json& v = doc["seed"];
  if (!v.is_number_unsigned() &&
      !(v.is_number_integer() && v.get<int64_t>() >= 0)) {
    return absl::InvalidArgumentError(fmt::format(
        "option \"seed\" is {}; accepted: an integer in [0, 2^64)", v.dump()));
  }
  out = v.get<uint64_t>();
  return absl::OkStatus();
}

absl::Status Number(const Json& doc, const char* key, double lo, double hi,
                    bool open, double& out) {
  if (!doc.contains(key)) return absl::OkStatus();
  const Json& v = doc[key];
  const double x = v.is_number() ? v.get<double>() : NAN;
  if (!(open ? x > lo && x < hi : x >= lo && x <= hi)) {
    return absl::InvalidArgumentError(
        fmt::format("option \"{}\" is {}; accepted: a number in {}{}, {}{}",
                    key, v.dump(), open ? '(' : '[', lo, hi, open ? ')' : ']'));
  }
  out = x;
  return absl::OkStatus();
}

absl::Status Text(const Json& doc, const char* key, std::string& out) {
  if (!doc.contains(key)) return absl::OkStatus();
  if (!doc[key].is_string()) {
    return absl::InvalidArgumentError(fmt::format(
        "option \"{}\" is {}; accepted: a string", key, doc[key].dump()));
  }
  out = doc[key].get<std::string>();
  return absl::OkStatus();
}

absl::Status OnlyKeys(const Json& doc,
                      std::initializer_list<const char*> keys) {
  for (const auto& [key, value] : doc.items()) {
    bool known = false;
    for (const char* k : keys) known = known || key == k;
    if (!known) {
      std::string list;
      for (const char* k : keys)
        list += (list.empty() ? "" : ", ") + std::string(k);
      return absl::InvalidArgumentError(
          fmt::format("option \"{}\" is unknown; accepted: {}", key, list));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ApplyTournamentOptionsJson(std::string_view json,
                                        TournamentOptions& options) {
  absl::StatusOr<Json> doc = ParseObject(json);
  if (!doc.ok()) return doc.status();
  TournamentOptions o = options;
  if (absl::Status s = OnlyKeys(*doc, {"format", "games_per_pairing", "seed",
                                       "threads", "random_opening", "anchor"});
      !s.ok()) {
    return s;
  }
  std::string format = TournamentFormatName(o.format);
  int64_t threads = o.threads, opening = o.random_opening;
  for (absl::Status s :
       {Text(*doc, "format", format),
        Integer(*doc, "games_per_pairing", 1, kMaxGamesPerPairing,
                o.games_per_pairing),
        Seed(*doc, o.seed),
        Integer(*doc, "threads", 1, kMaxMatchThreads, threads),
        Integer(*doc, "random_opening", 0, kMaxRandomOpening, opening),
        Text(*doc, "anchor", o.anchor)}) {
    if (!s.ok()) return s;
  }
  absl::StatusOr<TournamentFormat> parsed = ParseTournamentFormat(format);
  if (!parsed.ok()) return parsed.status();
  o.format = *parsed;
  o.threads = static_cast<int>(threads);
  o.random_opening = static_cast<int>(opening);
  options = std::move(o);
  return absl::OkStatus();
}

absl::Status ApplySprtOptionsJson(std::string_view json, SprtOptions& options) {
  absl::StatusOr<Json> doc = ParseObject(json);
  if (!doc.ok()) return doc.status();
  for (const char* required : {"elo0", "elo1"}) {
    if (!doc->contains(required)) {
      return absl::InvalidArgumentError(fmt::format(
          "option \"{}\" is missing; the SPRT needs elo0 and elo1", required));
    }
  }
  SprtOptions o = options;
  if (absl::Status s =
          OnlyKeys(*doc, {"elo0", "elo1", "alpha", "beta", "max_games", "seed",
                          "threads", "random_opening"});
      !s.ok()) {
    return s;
  }
  int64_t threads = o.threads, opening = o.random_opening;
  for (absl::Status s :
       {Number(*doc, "elo0", -1000, 1000, false, o.elo0),
        Number(*doc, "elo1", -1000, 1000, false, o.elo1),
        Number(*doc, "alpha", 0, 0.5, true, o.alpha),
        Number(*doc, "beta", 0, 0.5, true, o.beta),
        Integer(*doc, "max_games", 1, kMaxSprtGames, o.max_games),
        Seed(*doc, o.seed),
        Integer(*doc, "threads", 1, kMaxMatchThreads, threads),
        Integer(*doc, "random_opening", 0, kMaxRandomOpening, opening)}) {
    if (!s.ok()) return s;
  }
  o.threads = static_cast<int>(threads);
  o.random_opening = static_cast<int>(opening);
  options = std::move(o);
  return absl::OkStatus();
}

}  // namespace gameai
