// SpecTestName: a parameterized test's name for a game spec parameter,
// every character GoogleTest does not allow in a name replaced by '_'.
#ifndef GAMEAI_TESTS_SPEC_TEST_NAME_H_
#define GAMEAI_TESTS_SPEC_TEST_NAME_H_

#include <cctype>
#include <string>

#include "gtest/gtest.h"

namespace gameai::testing {

inline std::string SpecTestName(
    const ::testing::TestParamInfo<std::string>& info) {
  std::string name;
  for (char c : info.param) {
    name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  }
  return name;
}

}  // namespace gameai::testing

#endif  // GAMEAI_TESTS_SPEC_TEST_NAME_H_
