#include "gameai/linesboard/internal/reference.h"

#include <algorithm>
#include <deque>

namespace gameai::linesboard {

ReferenceBoard::ReferenceBoard(int rows, int cols, int min_line)
    : rows_(rows), cols_(cols), min_line_(min_line), cells_(rows * cols, -1) {}

ReferenceBoard ReferenceBoard::FromState(const Rules& rules, const Position& s) {
  const Options& o = rules.options();
  ReferenceBoard board(o.rows, o.cols, o.min_line);
  for (int cell = 0; cell < o.rows * o.cols; ++cell) {
    board.cells_[cell] = Rules::ColorAt(s, rules.BitOfCell(cell));
  }
  return board;
}

std::vector<std::pair<int, int>> ReferenceBoard::ListLegalMoves() const {
  std::vector<std::pair<int, int>> moves;
  const int n = rows_ * cols_;
  for (int source = 0; source < n; ++source) {
    if (cells_[source] < 0) continue;
    std::vector<bool> seen(n, false);
    std::deque<int> frontier = {source};
    seen[source] = true;
    while (!frontier.empty()) {
      const int cell = frontier.front();
      frontier.pop_front();
      const int r = cell / cols_, c = cell % cols_;
      const int next[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& [nr, nc] : next) {
        if (nr < 0 || nr >= rows_ || nc < 0 || nc >= cols_) continue;
        const int to = nr * cols_ + nc;
        if (seen[to] || cells_[to] >= 0) continue;
        seen[to] = true;
        frontier.push_back(to);
        moves.emplace_back(source, to);
      }
    }
  }
  std::sort(moves.begin(), moves.end());
  return moves;
}

void ReferenceBoard::ApplyMove(int source, int target) {
  cells_[target] = cells_[source];
  cells_[source] = -1;
}

ReferenceMatches ReferenceBoard::CollectMatches() const {
  ReferenceMatches result;
  std::vector<bool> remove(rows_ * cols_, false);
  const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      const int color = cells_[r * cols_ + c];
      if (color < 0) continue;
      for (const auto& [dr, dc] : directions) {
        // Count each maximal run once, from its first cell.
        const int pr = r - dr, pc = c - dc;
        if (pr >= 0 && pr < rows_ && pc >= 0 && pc < cols_ &&
            cells_[pr * cols_ + pc] == color) {
          continue;
        }
        int length = 0;
        for (int rr = r, cc = c; rr >= 0 && rr < rows_ && cc >= 0 &&
                                 cc < cols_ && cells_[rr * cols_ + cc] == color;
             rr += dr, cc += dc) {
          ++length;
        }
        if (length < min_line_) continue;
        result.score += length;
        for (int i = 0; i < length; ++i) {
          remove[(r + i * dr) * cols_ + (c + i * dc)] = true;
        }
      }
    }
  }
  for (int cell = 0; cell < rows_ * cols_; ++cell) {
    if (remove[cell]) result.to_remove.push_back(cell);
  }
  return result;
}

int ReferenceGreedyMove(const ReferenceBoard& board,
                        const std::vector<std::pair<int, int>>& moves,
                        Rng& rng) {
  int best_score = -1, best_clear = -1;
  std::vector<int> candidates;
  for (int i = 0; i < static_cast<int>(moves.size()); ++i) {
    ReferenceBoard sim = board.Duplicate();
    sim.ApplyMove(moves[i].first, moves[i].second);
    const ReferenceMatches data = sim.CollectMatches();
    const int clear = static_cast<int>(data.to_remove.size());
    if (data.score > best_score ||
        (data.score == best_score && clear > best_clear)) {
      best_score = data.score;
      best_clear = clear;
      candidates.clear();
    }
    if (data.score == best_score && clear == best_clear)
      candidates.push_back(i);
  }
  return candidates[rng.Below(candidates.size())];
}

}  // namespace gameai::linesboard
