#include "gameai/workbench/ratings.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "absl/status/status.h"
#include "fmt/format.h"

namespace gameai {
namespace {

// LogSumExp over the agents of `set`.
double LogSumExp(uint64_t set, const std::vector<double>& theta) {
  double top = -INFINITY;
  for (uint64_t s = set; s != 0; s &= s - 1) {
    top = std::max(top, theta[std::countr_zero(s)]);
  }
  double sum = 0;
  for (uint64_t s = set; s != 0; s &= s - 1) {
    sum += std::exp(theta[std::countr_zero(s)] - top);
  }
  return top + std::log(sum);
}

double Objective(const RatingModel& model,
                 const std::vector<RatingModel::Term>& terms,
                 const std::vector<double>& theta) {
  double f = 0;
  for (int i = 0; i < model.agents(); ++i) f += model.linear()[i] * theta[i];
  for (const RatingModel::Term& t : terms) {
    f -= t.weight * LogSumExp(t.set, theta);
  }
  return f;
}

// Cholesky: a = L Lᵀ in place (lower triangle); false unless positive
// definite.
bool Cholesky(std::vector<std::vector<double>>& a) {
  const size_t n = a.size();
  for (size_t j = 0; j < n; ++j) {
    double d = a[j][j];
    for (size_t k = 0; k < j; ++k) d -= a[j][k] * a[j][k];
    if (!(d > 1e-12)) return false;
    a[j][j] = std::sqrt(d);
    for (size_t i = j + 1; i < n; ++i) {
      double v = a[i][j];
      for (size_t k = 0; k < j; ++k) v -= a[i][k] * a[j][k];
      a[i][j] = v / a[j][j];
    }
  }
  return true;
}

// SolveCholesky: x with L Lᵀ x = b.
std::vector<double> SolveCholesky(const std::vector<std::vector<double>>& l,
                                  std::vector<double> b) {
  const size_t n = l.size();
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < i; ++k) b[i] -= l[i][k] * b[k];
    b[i] /= l[i][i];
  }
  for (size_t i = n; i-- > 0;) {
    for (size_t k = i + 1; k < n; ++k) b[i] -= l[k][i] * b[k];
    b[i] /= l[i][i];
  }
  return b;
}

double NormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

}  // namespace

double EloScale() { return 400.0 / std::log(10.0); }

double ExpectedScore(double elo_a, double elo_b) {
  return 1.0 / (1.0 + std::pow(10.0, (elo_b - elo_a) / 400.0));
}

RatingModel::RatingModel(int agents)
    : agents_(agents), linear_(agents, 0.0), met_(agents, 0) {}

void RatingModel::AddTerm(uint64_t set, double weight) {
  if (std::popcount(set) == 1) {  // log exp θ_i = θ_i
    linear_[std::countr_zero(set)] -= weight;
    return;
  }
  auto it = std::lower_bound(terms_.begin(), terms_.end(), set,
                             [](const std::pair<uint64_t, double>& t,
                                uint64_t s) { return t.first < s; });
  if (it != terms_.end() && it->first == set) {
    it->second += weight;
  } else {
    terms_.insert(it, {set, weight});
  }
}

std::vector<RatingModel::Term> RatingModel::Terms() const {
  std::vector<Term> terms;
  terms.reserve(terms_.size());
  for (const auto& [set, weight] : terms_) terms.push_back({set, weight});
  return terms;
}

void RatingModel::MeetAll(const FinishingOrder& order) {
  std::vector<int> seated;
  for (const std::vector<int>& group : order) {
    seated.insert(seated.end(), group.begin(), group.end());
  }
  for (int i : seated) {
    for (int j : seated) {
      if (i == j) continue;
      met_[i] |= uint64_t{1} << j;
    }
  }
}

void RatingModel::Merge(const RatingModel& other) {
  for (int i = 0; i < agents_ && i < other.agents_; ++i) {
    linear_[i] += other.linear_[i];
    met_[i] |= other.met_[i];
  }
  for (const auto& [set, weight] : other.terms_) AddTerm(set, weight);
}

RatingModel RatingModel::WithPrior() const {
  RatingModel prior = *this;
  for (int i = 0; i < agents_; ++i) {
    for (int j = i + 1; j < agents_; ++j) {
      if (!(met_[i] >> j & 1)) continue;
      prior.linear_[i] += 0.5;
      prior.linear_[j] += 0.5;
      prior.AddTerm((uint64_t{1} << i) | (uint64_t{1} << j), 1.0);
    }
  }
  return prior;
}

absl::Status RatingModel::Add(const FinishingOrder& order, double weight) {
  uint64_t all = 0;
  int count = 0;
  for (const std::vector<int>& group : order) {
    if (group.empty()) {
      return absl::InvalidArgumentError("a finishing order has an empty place");
    }
    if (static_cast<int>(group.size()) > kMaxTiedAtOnce) {
      return absl::InvalidArgumentError(
          fmt::format("a tie of {} agents; at most {} are accepted",
                      group.size(), kMaxTiedAtOnce));
    }
    for (int agent : group) {
      if (agent < 0 || agent >= agents_) {
        return absl::InvalidArgumentError(
            fmt::format("agent {} is outside [0, {}) in a finishing order",
                        agent, agents_));
      }
      if (all >> agent & 1) {
        return absl::InvalidArgumentError(fmt::format(
            "agent {} finishes twice in one finishing order", agent));
      }
      all |= uint64_t{1} << agent;
      ++count;
    }
  }
  if (count < 2) {
    return absl::InvalidArgumentError(
        "a finishing order needs at least two agents");
  }
  MeetAll(order);
  uint64_t remaining = all;
  for (const std::vector<int>& group : order) {
    const int g = static_cast<int>(group.size());
    for (int agent : group) linear_[agent] += weight;
    // A tie: the average over its orders, i.e. over every subset S of the
    // group already placed, of log Σ exp θ over the agents left.
    std::vector<double> choose(g + 1, 1.0);  // C(g, k)
    for (int k = 1; k <= g; ++k) choose[k] = choose[k - 1] * (g - k + 1) / k;
    for (uint32_t subset = 0; subset < (1u << g); ++subset) {
      const int k = std::popcount(subset);
      if (k == g) continue;
      uint64_t placed = 0;
      for (int b = 0; b < g; ++b) {
        if (subset >> b & 1) placed |= uint64_t{1} << group[b];
      }
      AddTerm(remaining & ~placed, weight / choose[k]);
    }
    for (int agent : group) remaining &= ~(uint64_t{1} << agent);
  }
  return absl::OkStatus();
}

absl::StatusOr<Ratings> FitRatings(const RatingModel& games, int anchor) {
  const RatingModel model = games.WithPrior();
  const int n = model.agents();
  if (anchor < 0 || anchor >= n) {
    return absl::InvalidArgumentError(
        fmt::format("anchor {} is outside [0, {})", anchor, n));
  }
  const std::vector<RatingModel::Term> terms = model.Terms();
  // Every agent must be reachable from the anchor through games.
  std::vector<uint64_t> adjacent(n, 0);
  for (const RatingModel::Term& t : terms) {
    if (std::popcount(t.set) != 2) continue;
    const int i = std::countr_zero(t.set);
    const int j = 63 - std::countl_zero(t.set);
    adjacent[i] |= uint64_t{1} << j;
    adjacent[j] |= uint64_t{1} << i;
  }
  uint64_t reached = uint64_t{1} << anchor, frontier = reached;
  while (frontier != 0) {
    uint64_t next = 0;
    for (uint64_t s = frontier; s != 0; s &= s - 1) {
      next |= adjacent[std::countr_zero(s)];
    }
    frontier = next & ~reached;
    reached |= next;
  }
  for (int i = 0; i < n; ++i) {
    if (!(reached >> i & 1)) {
      return absl::FailedPreconditionError(fmt::format(
          "agent {} played no game connecting it to the anchor {}: its "
          "rating is not determined",
          i, anchor));
    }
  }
  std::vector<int> free_agents;  // every agent but the anchor
  for (int i = 0; i < n; ++i) {
    if (i != anchor) free_agents.push_back(i);
  }
  const size_t m = free_agents.size();
  std::vector<double> theta(n, 0.0);
  std::vector<std::vector<double>> info;  // −Hessian over the free agents
  Ratings out;
  out.anchor = anchor;
  for (int iteration = 0;; ++iteration) {
    std::vector<double> gradient = model.linear();
    std::vector<std::vector<double>> hessian(n, std::vector<double>(n, 0.0));
    std::vector<double> p(n);
    for (const RatingModel::Term& t : terms) {
      const double lse = LogSumExp(t.set, theta);
      for (uint64_t s = t.set; s != 0; s &= s - 1) {
        const int i = std::countr_zero(s);
        p[i] = std::exp(theta[i] - lse);
        gradient[i] -= t.weight * p[i];
      }
      for (uint64_t s = t.set; s != 0; s &= s - 1) {
        const int i = std::countr_zero(s);
        hessian[i][i] += t.weight * p[i];
        for (uint64_t r = t.set; r != 0; r &= r - 1) {
          const int j = std::countr_zero(r);
          hessian[i][j] -= t.weight * p[i] * p[j];
        }
      }
    }
    info.assign(m, std::vector<double>(m, 0.0));
    std::vector<double> g(m);
    for (size_t a = 0; a < m; ++a) {
      g[a] = gradient[free_agents[a]];
      for (size_t b = 0; b < m; ++b) {
        info[a][b] = hessian[free_agents[a]][free_agents[b]];
      }
    }
    if (m == 0) break;
    std::vector<std::vector<double>> l = info;
    if (!Cholesky(l)) {
      return absl::FailedPreconditionError(
          "the ratings' information matrix is singular");
    }
    if (iteration == 200) {
      return absl::InternalError("the ratings did not converge in 200 steps");
    }
    const std::vector<double> step = SolveCholesky(l, g);
    double largest = 0;
    for (double x : step) largest = std::max(largest, std::abs(x));
    if (largest < 1e-10) break;
    // Newton's step, halved until the function does not decrease (it is
    // concave: a full step is taken near the maximum).
    const double before = Objective(model, terms, theta);
    for (double t = 1;; t /= 2) {
      std::vector<double> tried = theta;
      for (size_t a = 0; a < m; ++a) tried[free_agents[a]] += t * step[a];
      if (Objective(model, terms, tried) >= before - 1e-12 || t < 1e-6) {
        theta = std::move(tried);
        break;
      }
    }
    out.iterations = iteration + 1;
  }
  // Covariance of θ over the free agents: the inverse of the information.
  std::vector<std::vector<double>> l = info;
  std::vector<std::vector<double>> cov_free(m, std::vector<double>(m, 0.0));
  if (m > 0 && Cholesky(l)) {
    for (size_t b = 0; b < m; ++b) {
      std::vector<double> unit(m, 0.0);
      unit[b] = 1;
      const std::vector<double> column = SolveCholesky(l, unit);
      for (size_t a = 0; a < m; ++a) cov_free[a][b] = column[a];
    }
  }
  const double scale = EloScale();
  out.elo.assign(n, 0.0);
  out.covariance.assign(n, std::vector<double>(n, 0.0));
  for (size_t a = 0; a < m; ++a) {
    out.elo[free_agents[a]] = scale * theta[free_agents[a]];
    for (size_t b = 0; b < m; ++b) {
      out.covariance[free_agents[a]][free_agents[b]] =
          scale * scale * cov_free[a][b];
    }
  }
  for (int i = 0; i < n; ++i) {
    const double half = 1.959963984540054 * std::sqrt(out.covariance[i][i]);
    out.ci95.push_back({out.elo[i] - half, out.elo[i] + half});
  }
  out.los.assign(n, std::vector<double>(n, 0.5));
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i == j) continue;
      const double var = out.covariance[i][i] + out.covariance[j][j] -
                         2 * out.covariance[i][j];
      out.los[i][j] =
          var > 0 ? NormalCdf((out.elo[i] - out.elo[j]) / std::sqrt(var))
                  : (out.elo[i] > out.elo[j] ? 1.0 : 0.5);
    }
  }
  return out;
}

}  // namespace gameai
