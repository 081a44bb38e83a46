// ReportHtml (reports.h): one self-contained page per report, drawn from
// its JSON alone: tables, and charts as inline SVG (no script, no style
// sheet or font fetched, nothing outside the file).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/workbench/reports.h"
#include "nlohmann/json.hpp"

namespace gameai {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                   "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                   "#bcbd22", "#17becf"};
const char* Color(size_t i) { return kColors[i % std::size(kColors)]; }

std::string Escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Str(const Json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

double Num(const Json& value) {
  return value.is_number() ? value.get<double>() : 0.0;
}

// Axis: maps [low, high] onto [from, to] pixels, with round tick values.
struct Axis {
  double low, high, from, to;
  double At(double v) const {
    return high == low ? from : from + (v - low) / (high - low) * (to - from);
  }
  std::vector<double> Ticks(int most = 6) const {
    const double span = high - low;
    if (!(span > 0)) return {low};
    const double raw = span / most;
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
      if (m * magnitude >= raw) {
        step = m * magnitude;
        break;
      }
    }
    std::vector<double> ticks;
    for (double t = std::ceil(low / step) * step; t <= high + 1e-9; t += step) {
      ticks.push_back(std::abs(t) < 1e-12 ? 0 : t);
    }
    return ticks;
  }
};

Axis Padded(double low, double high, double from, double to) {
  if (!(high > low)) {
    low -= 1;
    high += 1;
  }
  const double pad = (high - low) * 0.05;
  return {low - pad, high + pad, from, to};
}

std::string Text(double x, double y, const std::string& text,
                 const char* anchor = "middle", int size = 12) {
  return fmt::format(
      "<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"{}\" font-size=\"{}\">{}"
      "</text>",
      x, y, anchor, size, Escape(text));
}

std::string Line(double x1, double y1, double x2, double y2,
                 const std::string& color, double width = 1,
                 const char* dash = "") {
  return fmt::format(
      "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
      "stroke=\"{}\" stroke-width=\"{}\"{}/>",
      x1, y1, x2, y2, color, width,
      *dash ? fmt::format(" stroke-dasharray=\"{}\"", dash) : "");
}

std::string Svg(int width, int height, const std::string& label,
                const std::string& body) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\" "
      "font-family=\"sans-serif\">{}</svg>\n",
      width, height, width, height, Escape(label), body);
}

// XAxis / YAxis: the ticks and their grid lines.
std::string XAxis(const Axis& x, double top, double bottom,
                  const std::string& title) {
  std::string out = Line(x.from, bottom, x.to, bottom, "#333");
  for (double t : x.Ticks()) {
    out += Line(x.At(t), top, x.At(t), bottom, "#ddd");
    out += Text(x.At(t), bottom + 16, fmt::format("{:g}", t));
  }
  return out + Text((x.from + x.to) / 2, bottom + 34, title);
}

std::string YAxis(const Axis& y, double left, double right,
                  const std::string& title) {
  std::string out = Line(left, y.from, left, y.to, "#333");
  for (double t : y.Ticks()) {
    out += Line(left, y.At(t), right, y.At(t), "#ddd");
    out += Text(left - 6, y.At(t) + 4, fmt::format("{:g}", t), "end");
  }
  return out + fmt::format(
                   "<text transform=\"translate(14,{:.1f}) rotate(-90)\" "
                   "text-anchor=\"middle\" font-size=\"12\">{}</text>",
                   (y.from + y.to) / 2, Escape(title));
}

// RatingPlot: each agent's rating as a dot with its 95% interval, best on
// top.
std::string RatingPlot(Json& ratings) {
  const int rows = static_cast<int>(ratings.size());
  const int height = 60 + 28 * rows, left = 260, right = 860;
  double low = 0, high = 0;
  for (Json& r : ratings) {
    low = std::min(low, Num(r["ci95"][0]));
    high = std::max(high, Num(r["ci95"][1]));
  }
  const Axis x = Padded(low, high, left, right);
  std::string body = XAxis(x, 10, height - 45, "Elo (95% interval)");
  body += Line(x.At(0), 10, x.At(0), height - 45, "#999", 1, "4 3");
  for (int i = 0; i < rows; ++i) {
    Json& r = ratings[i];
    const double y = 26 + 28 * i;
    body += Text(left - 10, y + 4, Str(r["agent"]), "end");
    body += Line(x.At(Num(r["ci95"][0])), y, x.At(Num(r["ci95"][1])), y,
                 Color(i), 2);
    for (int end = 0; end < 2; ++end) {
      const double at = x.At(Num(r["ci95"][end]));
      body += Line(at, y - 6, at, y + 6, Color(i), 2);
    }
    body += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"5\" fill=\"{}\"><title>{}: "
        "{:+.1f} [{:+.1f}, {:+.1f}]</title></circle>",
        x.At(Num(r["elo"])), y, Color(i), Escape(Str(r["agent"])),
        Num(r["elo"]), Num(r["ci95"][0]), Num(r["ci95"][1]));
  }
  return Svg(900, height, "ratings with 95% intervals", body);
}

// HeatMap: a square matrix of values in [0, 1], red (0) to green (1).
std::string HeatMap(
    const std::vector<std::string>& names,
    const std::vector<std::vector<std::optional<double>>>& cells,
    const std::string& label) {
  const int n = static_cast<int>(names.size());
  size_t longest = 0;
  for (const std::string& name : names)
    longest = std::max(longest, name.size());
  // Room for the slanted column names (about 7 px a character at 12 px).
  const int cell = 56, left = 230,
            top = 30 + static_cast<int>(std::min<size_t>(longest, 40) * 5);
  std::string body;
  for (int i = 0; i < n; ++i) {
    body += Text(left - 8, top + cell * i + cell / 2 + 4, names[i], "end");
    body += fmt::format(
        "<text transform=\"translate({},{}) rotate(-40)\" font-size=\"12\">{}"
        "</text>",
        left + cell * i + cell / 2, top - 8, Escape(names[i]));
    for (int j = 0; j < n; ++j) {
      const std::optional<double>& v = cells[i][j];
      std::string fill = "#eee";
      if (v) {
        const double t = std::clamp(*v, 0.0, 1.0);
        // White at 0.5, red below, green above.
        const int red =
            t < 0.5 ? 255 : static_cast<int>(255 - (t - 0.5) * 2 * 200);
        const int green = t > 0.5 ? 255 - static_cast<int>((t - 0.5) * 2 * 90)
                                  : static_cast<int>(55 + t * 2 * 200);
        const int blue = static_cast<int>(255 - std::abs(t - 0.5) * 2 * 200);
        fill = fmt::format("rgb({},{},{})", red, green, blue);
      }
      body += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
          "stroke=\"#fff\"/>",
          left + cell * j, top + cell * i, cell, cell, fill);
      if (v) {
        body +=
            Text(left + cell * j + cell / 2.0, top + cell * i + cell / 2.0 + 4,
                 fmt::format("{:.0f}%", 100 * *v), "middle", 11);
      }
    }
  }
  return Svg(left + cell * n + 20, top + cell * n + 10, label, body);
}

// ScoreCurves: each agent's score as its games accumulate, with its 95%
// band.
std::string ScoreCurves(Json& progress) {
  const int left = 70, right = 860, top = 10, bottom = 330;
  double most = 1;
  for (Json& agent : progress) {
    for (Json& p : agent["points"]) most = std::max(most, Num(p["games"]));
  }
  const Axis x{0, most, static_cast<double>(left), static_cast<double>(right)};
  const Axis y{0, 1, static_cast<double>(bottom), static_cast<double>(top)};
  std::string body = XAxis(x, top, bottom, "games played by the agent");
  body += YAxis(y, left, right, "score (95% band)");
  for (size_t i = 0; i < progress.size(); ++i) {
    Json& points = progress[i]["points"];
    if (points.empty()) continue;
    std::string upper, lower, line;
    for (Json& p : points) {
      const double gx = x.At(Num(p["games"]));
      upper += fmt::format("{:.1f},{:.1f} ", gx, y.At(Num(p["ci95"][1])));
      line += fmt::format("{:.1f},{:.1f} ", gx, y.At(Num(p["score"])));
    }
    for (size_t k = points.size(); k-- > 0;) {
      lower += fmt::format("{:.1f},{:.1f} ", x.At(Num(points[k]["games"])),
                           y.At(Num(points[k]["ci95"][0])));
    }
    body += fmt::format(
        "<polygon points=\"{}{}\" fill=\"{}\" fill-opacity=\"0.15\"/>", upper,
        lower, Color(i));
    body += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"2\"><title>{}</title></polyline>",
        line, Color(i), Escape(Str(progress[i]["agent"])));
  }
  std::string legend;
  for (size_t i = 0; i < progress.size(); ++i) {
    const double ly = 20 + 18 * i;
    legend += fmt::format(
        "<rect x=\"880\" y=\"{:.0f}\" width=\"12\" height=\"12\" fill=\"{}\"/>",
        ly - 10, Color(i));
    legend += Text(898, ly, Str(progress[i]["agent"]), "start");
  }
  return Svg(1150, 380, "score as games accumulate", body + legend);
}

// MoveTimes: mean and longest milliseconds per move, one bar per agent,
// on a log scale (agents differ by orders of magnitude).
std::string MoveTimes(Json& rows) {
  const int n = static_cast<int>(rows.size());
  const int left = 260, right = 860, height = 60 + 30 * n;
  double low = 1e9, high = 1e-9;
  for (Json& r : rows) {
    const double mean = 1000 * Num(r["move_seconds"]["mean"]);
    if (mean > 0) low = std::min(low, mean);
    high = std::max(high, 1000 * Num(r["move_seconds"]["max"]));
  }
  if (low > high) low = high = 1e-3;
  const double first = std::floor(std::log10(std::max(low, 1e-6)));
  const double last =
      std::max(first + 1, std::ceil(std::log10(std::max(high, 1e-6))));
  const Axis x{first, last, static_cast<double>(left),
               static_cast<double>(right)};
  auto at = [&](double ms) {
    return x.At(std::clamp(std::log10(std::max(ms, 1e-12)), first, last));
  };
  std::string body = Line(left, height - 45, right, height - 45, "#333");
  for (double e = first; e <= last; e += 1) {
    body += Line(x.At(e), 10, x.At(e), height - 45, "#ddd");
    body += Text(x.At(e), height - 29, fmt::format("{:g}", std::pow(10, e)));
  }
  body += Text((left + right) / 2.0, height - 11,
               "milliseconds per move, log scale (bar: mean, tick: longest)");
  for (int i = 0; i < n; ++i) {
    Json& r = rows[i];
    const double y = 22 + 30 * i;
    const double mean = 1000 * Num(r["move_seconds"]["mean"]);
    const double longest = 1000 * Num(r["move_seconds"]["max"]);
    body += Text(left - 10, y + 4, Str(r["agent"]), "end");
    body += fmt::format(
        "<rect x=\"{}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"14\" "
        "fill=\"{}\"><title>mean {:.4g} ms, longest {:.4g} ms over {} "
        "moves</title></rect>",
        left, y - 7, std::max(0.5, at(mean) - left), Color(i), mean, longest,
        Str(r["moves"]));
    body += Line(at(longest), y - 9, at(longest), y + 9, "#000", 2);
    body += Text(at(longest) + 6, y + 4,
                 fmt::format("{:.3g} ms (longest {:.3g})", mean, longest),
                 "start", 11);
  }
  return Svg(1100, height, "move times", body);
}

// LlrPath: the SPRT's log-likelihood ratio after every unit, between its
// bounds.
std::string LlrPath(Json& doc) {
  const int left = 70, right = 860, top = 10, bottom = 330;
  const double lower = Num(doc["bounds"][0]), upper = Num(doc["bounds"][1]);
  double low = lower, high = upper, most = 1;
  for (Json& p : doc["llr_path"]) {
    most = std::max(most, Num(p[0]));
    low = std::min(low, Num(p[1]));
    high = std::max(high, Num(p[1]));
  }
  const Axis x{0, most, static_cast<double>(left), static_cast<double>(right)};
  const Axis y = Padded(low, high, bottom, top);
  std::string body = XAxis(x, top, bottom, "games");
  body += YAxis(y, left, right, "log-likelihood ratio");
  body += Line(left, y.At(upper), right, y.At(upper), "#2ca02c", 2, "6 4");
  body += Text(right - 4, y.At(upper) - 6,
               fmt::format("H1 accepted above {:.3f}", upper), "end");
  body += Line(left, y.At(lower), right, y.At(lower), "#d62728", 2, "6 4");
  body += Text(right - 4, y.At(lower) + 16,
               fmt::format("H0 accepted below {:.3f}", lower), "end");
  std::string line = fmt::format("{:.1f},{:.1f} ", x.At(0), y.At(0));
  for (Json& p : doc["llr_path"]) {
    line += fmt::format("{:.1f},{:.1f} ", x.At(Num(p[0])), y.At(Num(p[1])));
  }
  body += fmt::format(
      "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f77b4\" "
      "stroke-width=\"2\"/>",
      line);
  return Svg(900, 380, "SPRT log-likelihood ratio path", body);
}

std::string Page(const std::string& title, const std::string& body) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
      "'none'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<title>{}</title>\n<style>\n"
      "body{{font-family:sans-serif;margin:24px;color:#222;max-width:1200px}}\n"
      "table{{border-collapse:collapse;margin:8px 0 16px}}\n"
      "td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}\n"
      "td:first-child,th:first-child{{text-align:left}}\n"
      "pre{{background:#f4f4f4;padding:8px;white-space:pre-wrap}}\n"
      ".warn{{color:#a40}}\n</style>\n</head>\n<body>\n{}</body>\n</html>\n",
      Escape(title), body);
}

std::string Settings(Json& doc) {
  std::string out = "<h2>Command and versions</h2>\n<pre id=\"command\">" +
                    Escape(Str(doc["command"])) + "</pre>\n<p>";
  for (const auto& [key, value] : doc["versions"].items()) {
    out +=
        fmt::format("{}: <code>{}</code><br>", Escape(key), Escape(Str(value)));
  }
  return out + "</p>\n";
}

std::string Warnings(Json& doc) {
  std::string out;
  if (!doc.contains("warnings")) return out;
  for (Json& w : doc["warnings"]) {
    out += "<p class=\"warn\">warning: " + Escape(Str(w)) + "</p>\n";
  }
  return out;
}

std::string TournamentPage(Json& doc) {
  const bool match = Str(doc["kind"]) == "match";
  std::string body = fmt::format(
      "<h1>{} {}: {}</h1>\n<p>{} games ({} per {}), {} model, anchor "
      "<b>{}</b> = 0, seed {}, {} random opening plies, {:.1f} s.</p>\n",
      Escape(Str(doc["game"])), match ? "match" : "tournament",
      Escape(Str(doc["format"])), Str(doc["games"]),
      Str(doc["games_per_pairing"]), match ? "table" : "pairing",
      Escape(Str(doc["model"])), Escape(Str(doc["anchor"])), Str(doc["seed"]),
      Str(doc["random_opening"]), Num(doc["elapsed_seconds"]));
  body += Warnings(doc);
  body +=
      "<h2>Ratings</h2>\n<table id=\"ratings\"><tr><th>agent</th><th>rank</th>"
      "<th>Elo</th><th>95% interval</th><th>games</th><th>score</th>"
      "<th>score 95%</th><th>ms/move</th></tr>\n";
  int rank = 0;
  for (Json& r : doc["ratings"]) {
    body += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{:+.1f}</td><td>[{:+.1f}, {:+.1f}]</td>"
        "<td>{}</td><td>{:.3f}</td><td>[{:.3f}, {:.3f}]</td><td>{:.3f}</td>"
        "</tr>\n",
        Escape(Str(r["agent"])), ++rank, Num(r["elo"]), Num(r["ci95"][0]),
        Num(r["ci95"][1]), Str(r["games"]), Num(r["score"]),
        Num(r["score_ci95"][0]), Num(r["score_ci95"][1]),
        1000 * Num(r["move_seconds"]["mean"]));
  }
  body += "</table>\n" + RatingPlot(doc["ratings"]);
  std::vector<std::string> names;
  for (Json& name : doc["los"]["agents"]) names.push_back(Str(name));
  const size_t n = names.size();
  if (doc.contains("pairwise")) {
    std::vector<std::vector<std::optional<double>>> score(
        n, std::vector<std::optional<double>>(n));
    body += Num(doc["players"]) > 2
                ? "<h2>Pairwise results</h2>\n<p>Row agent's score against the "
                  "column agent: the games it finished ahead of it at their "
                  "tables, and half those it finished level.</p>\n"
                : "<h2>Pairwise results</h2>\n<p>Row agent's score against the "
                  "column agent (wins and half the draws).</p>\n";
    body +=
        "<table id=\"pairwise\"><tr><th>agents</th><th>wins</th>"
        "<th>draws</th><th>losses</th></tr>\n";
    for (Json& p : doc["pairwise"]) {
      const std::string a = Str(p["agents"][0]), b = Str(p["agents"][1]);
      const double w = Num(p["wins"]), d = Num(p["draws"]),
                   l = Num(p["losses"]);
      body += fmt::format(
          "<tr><td>{} vs {}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
          Escape(a), Escape(b), w, d, l);
      const size_t i = std::find(names.begin(), names.end(), a) - names.begin();
      const size_t j = std::find(names.begin(), names.end(), b) - names.begin();
      if (i < n && j < n && w + d + l > 0) {
        score[i][j] = (w + 0.5 * d) / (w + d + l);
        score[j][i] = 1 - *score[i][j];
      }
    }
    body += "</table>\n" + HeatMap(names, score, "pairwise score heat map");
  }
  std::vector<std::vector<std::optional<double>>> los(
      n, std::vector<std::optional<double>>(n));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (i != j) los[i][j] = Num(doc["los"]["matrix"][i][j]);
    }
  }
  body +=
      "<h2>Likelihood of superiority</h2>\n<p>The probability that the "
      "row agent is stronger than the column agent, from the ratings "
      "and their covariance.</p>\n" +
      HeatMap(names, los, "likelihood of superiority");
  body +=
      "<h2>Score as games accumulate</h2>\n<p>Each agent's mean score "
      "(the share of its table mates it finished ahead of, ties half) "
      "after its first games, with the 95% band narrowing.</p>\n" +
      ScoreCurves(doc["progress"]);
  body += "<h2>Move times</h2>\n" + MoveTimes(doc["ratings"]);
  body += "<h2>Tables</h2>\n<p>";
  for (Json& table : doc["tables"]) {
    std::string seats;
    for (Json& spec : table)
      seats += (seats.empty() ? "" : ", ") + Escape(Str(spec));
    body += seats + "<br>";
  }
  body += "</p>\n" + Settings(doc);
  return Page(fmt::format("gameai {}: {}", match ? "match" : "tournament",
                          Str(doc["game"])),
              body);
}

std::string SprtPage(Json& doc) {
  const std::string decision = Str(doc["decision"]);
  std::string body = fmt::format(
      "<h1>SPRT: {} against {} ({})</h1>\n"
      "<p id=\"decision\"><b>{}</b> after {} games: LLR {:.3f} in [{:.3f}, "
      "{:.3f}]. H0: Elo &le; {:g}, H1: Elo &ge; {:g}, &alpha; = {:g}, &beta; "
      "= {:g}, {} model.</p>\n"
      "<p>Elo estimate {:+.1f}, 95% interval [{:+.1f}, {:+.1f}].</p>\n",
      Escape(Str(doc["new"])), Escape(Str(doc["base"])),
      Escape(Str(doc["game"])),
      decision == "H1"   ? "H1 accepted: the new agent is stronger"
      : decision == "H0" ? "H0 accepted: not stronger by elo1"
                         : "No decision: the game limit was reached",
      Str(doc["games"]), Num(doc["llr"]), Num(doc["bounds"][0]),
      Num(doc["bounds"][1]), Num(doc["elo0"]), Num(doc["elo1"]),
      Num(doc["alpha"]), Num(doc["beta"]), Escape(Str(doc["model"])),
      Num(doc["elo"]["estimate"]), Num(doc["elo"]["ci95"][0]),
      Num(doc["elo"]["ci95"][1]));
  body += "<h2>Log-likelihood ratio</h2>\n" + LlrPath(doc);
  body += "<h2>Results</h2>\n<table id=\"outcomes\"><tr><th>unit score</th>";
  for (Json& v : doc["outcomes"]["scores"])
    body += fmt::format("<th>{:g}</th>", Num(v));
  body += "</tr><tr><td>units</td>";
  for (Json& c : doc["outcomes"]["counts"])
    body += fmt::format("<td>{:g}</td>", Num(c));
  body +=
      "</tr></table>\n<table id=\"agents\"><tr><th>agent</th><th>games</th>"
      "<th>wins</th><th>draws</th><th>losses</th><th>ms/move</th></tr>\n";
  for (Json& a : doc["agents"]) {
    body += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td>{:.3f}</td></tr>\n",
        Escape(Str(a["agent"])), Str(a["games"]), Str(a["wins"]),
        Str(a["draws"]), Str(a["losses"]),
        1000 * Num(a["move_seconds"]["mean"]));
  }
  body += "</table>\n<h2>Move times</h2>\n" + MoveTimes(doc["agents"]);
  body += Settings(doc);
  return Page(
      fmt::format("gameai SPRT: {} vs {}", Str(doc["new"]), Str(doc["base"])),
      body);
}

}  // namespace

absl::StatusOr<std::string> ReportHtml(const std::string& json) {
  Json doc = Json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("kind")) {
    return absl::InvalidArgumentError(
        "not a report: accepted the JSON of `gameai tournament`, `gameai "
        "sprt` or a match report");
  }
  const std::string kind = Str(doc["kind"]);
  try {
    if (kind == "tournament" || kind == "match") return TournamentPage(doc);
    if (kind == "sprt") return SprtPage(doc);
  } catch (const nlohmann::json::exception& e) {
    return absl::InvalidArgumentError(
        fmt::format("the report's JSON lacks a field: {}", e.what()));
  }
  return absl::InvalidArgumentError(fmt::format(
      "report kind '{}' is unknown; accepted: tournament, match, sprt", kind));
}

}  // namespace gameai
