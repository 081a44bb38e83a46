// IsPrintableUtf8, Printable and ErrorText (core/text.h) against
// hand-picked bytes: what may go into a JSON message, an error message and
// onto the operator's terminal.
#include "gameai/base/text.h"

#include <string>

#include "fmt/format.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(IsPrintableUtf8, AcceptsTextInAnyScript) {
  EXPECT_TRUE(IsPrintableUtf8(""));
  EXPECT_TRUE(IsPrintableUtf8("bot 7"));
  EXPECT_TRUE(
      IsPrintableUtf8("大富豪 \xc3\xa9 \xf0\x9f\x83\x8f"));  // 大富豪 é 🃏
}

TEST(IsPrintableUtf8, RefusesControlsAndBrokenUtf8) {
  EXPECT_FALSE(IsPrintableUtf8("a\x1b[2Jb"));
  EXPECT_FALSE(IsPrintableUtf8("two\nlines"));
  EXPECT_FALSE(IsPrintableUtf8(std::string("nul\0", 4)));
  EXPECT_FALSE(IsPrintableUtf8("del\x7f"));
  EXPECT_FALSE(IsPrintableUtf8("csi\xc2\x9b"));       // U+009B, C1's escape
  EXPECT_TRUE(IsPrintableUtf8("nbsp\xc2\xa0"));       // U+00A0 prints
  EXPECT_FALSE(IsPrintableUtf8("bot\xff"));           // not UTF-8 at all
  EXPECT_FALSE(IsPrintableUtf8("\xc3"));              // cut short
  EXPECT_FALSE(IsPrintableUtf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(IsPrintableUtf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(IsPrintableUtf8("\xf4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(IsPrintableUtf8("\x80"));              // a stray continuation
}

TEST(IsUtf8, AcceptsControlsButNotBrokenUtf8) {
  EXPECT_TRUE(IsUtf8("two\nlines \x1b[0m \xc3\xa9"));
  EXPECT_FALSE(IsUtf8("bot\xff"));
  EXPECT_FALSE(IsUtf8("\xc0\xaf"));      // overlong '/'
  EXPECT_FALSE(IsUtf8("\xed\xa0\x80"));  // a surrogate
}

TEST(Printable, EscapesOnlyWhatIsNotPrintable) {
  EXPECT_EQ(Printable("plain é"), "plain é");
  EXPECT_EQ(Printable("a\x1b[31mb\n"), "a\\x1b[31mb\\x0a");
  EXPECT_EQ(Printable("bot\xff"), "bot\\xff");
  EXPECT_EQ(Printable("a\xc2\x9b"
                      "2J"),
            "a\\xc2\\x9b"
            "2J");
  EXPECT_EQ(Printable("\xe5\xa4"), "\\xe5\\xa4");  // a sequence cut short
}

TEST(ErrorText, KeepsNewlinesAndEscapesTheRest) {
  EXPECT_EQ(ErrorText("bad spec 'x\xff':\nexpected 'é'"),
            "bad spec 'x\\xff':\nexpected 'é'");
  EXPECT_EQ(ErrorText(std::string("nul\0tab\t", 8)), "nul\\x00tab\\x09");
}

TEST(ErrorText, CutsALongMessageAtACharacterSaying) {
  // 3-byte characters after prefixes of three lengths: the cut falls on a
  // character's first, second and third byte once each, and must back up
  // to the first in every case.
  for (const std::string prefix : {"spec '", "spec 'x", "spec 'xy"}) {
    std::string long_text = prefix;
    for (int i = 0; i < 100000; ++i) long_text += "大";
    const std::string text = ErrorText(long_text);
    EXPECT_LE(text.size(), kMaxErrorTextBytes) << prefix;
    EXPECT_TRUE(IsUtf8(text)) << prefix;
    EXPECT_EQ(text.rfind(prefix + "大", 0), 0u) << prefix;
    EXPECT_NE(text.find(fmt::format("(cut: the message held {} bytes)",
                                    long_text.size())),
              std::string::npos)
        << prefix;
  }
  const std::string exact(kMaxErrorTextBytes, 'a');
  EXPECT_EQ(ErrorText(exact), exact);
}

}  // namespace
}  // namespace gameai
