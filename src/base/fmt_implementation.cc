// fmt's compiled part, once for the whole library. Debian ships fmt as a
// shared library only, which the self-contained C library cannot carry,
// and FMT_HEADER_ONLY made every file that formats compile these
// definitions again (about 4 s of such a file's 7). The library's files
// see fmt's declarations; the definitions are here, hidden like the rest.
#include "fmt/format-inl.h"

#if FMT_VERSION < 90000 || FMT_VERSION >= 100000
#error "fmt_implementation.cc names fmt 9's templates (Debian 12's libfmt-dev)"
#endif

FMT_BEGIN_NAMESPACE
namespace detail {
// The templates format.h declares and leaves to the compiled library.
template FMT_API auto dragonbox::to_decimal(float x) noexcept
    -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept
    -> dragonbox::decimal_fp<double>;
template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
template FMT_API auto thousands_sep_impl(locale_ref)
    -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl(locale_ref)
    -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
}  // namespace detail
FMT_END_NAMESPACE
