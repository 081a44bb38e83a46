// uecda_test_server: our UECda test server (uecda_server.h) as a program,
// for the shell test that runs five `gameai uecda` clients against it.
//   uecda_test_server [--games N] [--seed S] [--timeout SECONDS]
// Listens on 127.0.0.1 at an ephemeral port, prints "port P" first, then
// after the match "points ...", "rejected ...", "invalid_give_backs ...",
// "disconnected ...", "games N". Exit 0 when the match was played out.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fmt/format.h"
#include "uecda_server.h"

int main(int argc, char** argv) {
  using namespace gameai::uecda;
  testing::ServerOptions options;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const long value = std::strtol(argv[i + 1], nullptr, 10);
    if (flag == "--games") {
      options.games = static_cast<int>(value);
    } else if (flag == "--seed") {
      options.seed = static_cast<uint64_t>(value);
    } else if (flag == "--timeout") {
      options.timeout = Millis(value * 1000);
    } else {
      fmt::print(stderr, "uecda_test_server: unknown flag {}\n", flag);
      return 2;
    }
  }
  auto server = testing::TestServer::Open(options);
  if (!server.ok()) {
    fmt::print(stderr, "uecda_test_server: {}\n",
               std::string(server.status().message()));
    return 1;
  }
  fmt::print("port {}\n", (*server)->port());
  std::fflush(stdout);
  auto report = (*server)->Run();
  if (!report.ok()) {
    fmt::print(stderr, "uecda_test_server: {}\n",
               std::string(report.status().message()));
    return 1;
  }
  fmt::print("points {}\n", fmt::join(report->points, " "));
  fmt::print("rejected {}\n", fmt::join(report->rejected, " "));
  fmt::print("invalid_give_backs {}\n",
             fmt::join(report->invalid_give_backs, " "));
  fmt::print("disconnected {}\n", fmt::join(report->disconnected, " "));
  fmt::print("games {}\n", report->games);
  return 0;
}
