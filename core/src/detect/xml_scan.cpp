// See xml_scan.h. One pass: every byte is looked at a bounded number of times (the searches for
// the end of a comment, a declaration or a CDATA section resume where they stopped).
#include "detect/xml_scan.h"

namespace sat::detect {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

class Scan {
 public:
  explicit Scan(std::string_view text) : s_(text) {}

  std::string problem() {
    if (const std::size_t nul = s_.find('\0'); nul != std::string_view::npos)
      return "holds a NUL byte (at byte " + std::to_string(nul) + "): not a text file";
    std::size_t i = 0;
    while (i < s_.size()) {
      const char c = s_[i];
      if (c == '&') {
        if (!reference_ends(i)) return reference_problem(i);
        ++i;
      } else if (c != '<') {
        ++i;
      } else if (starts(i, "<?")) {
        i = past(i + 2, "?>");
      } else if (starts(i, "<!--")) {
        i = past(i + 4, "-->");
      } else if (starts(i, "<![CDATA[")) {
        i = past(i + 9, "]]>");
      } else if (starts(i, "<!")) {
        i = past(i + 2, ">");
      } else {
        std::string p;
        i = tag(i, p);
        if (!p.empty()) return p;
      }
    }
    return "";
  }

 private:
  bool starts(std::size_t i, std::string_view prefix) const { return s_.substr(i, prefix.size()) == prefix; }

  // The offset just past the first `end` at or after `from` (the end of the text if none).
  std::size_t past(std::size_t from, std::string_view end) const {
    const std::size_t at = s_.find(end, from);
    return at == std::string_view::npos ? s_.size() : at + end.size();
  }

  // Whether the '&' at `i` has its ';' within kMaxXmlReferenceBytes.
  bool reference_ends(std::size_t i) const {
    return s_.substr(i, kMaxXmlReferenceBytes).find(';') != std::string_view::npos;
  }
  std::string reference_problem(std::size_t i) const {
    return "has an '&' without its ';' within " + std::to_string(kMaxXmlReferenceBytes) + " bytes (at byte " +
           std::to_string(i) + ")";
  }

  // The tag opening at `i` ('<'): its name, its attributes (each needs an '=' outside quotes),
  // the depth and the count of elements. Returns the offset past its '>'; `problem` is set when
  // a bound is passed.
  std::size_t tag(std::size_t i, std::string& problem) {
    const bool closing = starts(i, "</");
    std::size_t k = i + (closing ? 2 : 1);
    const std::size_t name_begin = k;
    while (k < s_.size() && !is_space(s_[k]) && s_[k] != '>' && s_[k] != '/' && k - name_begin <= kMaxXmlNameBytes) ++k;
    if (k - name_begin > kMaxXmlNameBytes) {
      problem = "has an element name longer than " + std::to_string(kMaxXmlNameBytes) + " bytes (at byte " +
                std::to_string(i) + ")";
      return k;
    }
    const std::string name(s_.substr(name_begin, k - name_begin));
    int attributes = 0;
    char quote = 0;
    for (; k < s_.size(); ++k) {
      const char c = s_[k];
      if (quote) {
        if (c == quote)
          quote = 0;
        else if (c == '&' && !reference_ends(k))
          return problem = reference_problem(k), k;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '=') {
        if (++attributes > kMaxXmlAttributes) {
          problem = "has an element with more than " + std::to_string(kMaxXmlAttributes) + " attributes (<" + name +
                    "> at byte " + std::to_string(i) + ")";
          return k;
        }
      } else if (c == '>') {
        break;
      }
    }
    if (k == s_.size()) return k;  // unterminated: tinyxml2 says so
    if (closing) {
      --depth_;
    } else {
      if (++elements_ > kMaxXmlElements) {
        problem = "has more than " + std::to_string(kMaxXmlElements) + " elements (the limit, at byte " +
                  std::to_string(i) + ")";
        return k;
      }
      if (s_[k - 1] != '/' && ++depth_ > kMaxXmlDepth) {
        problem = "nests elements deeper than " + std::to_string(kMaxXmlDepth) + " levels (<" + name + "> at byte " +
                  std::to_string(i) + ")";
        return k;
      }
    }
    return k + 1;
  }

  std::string_view s_;
  int depth_ = 0;
  std::size_t elements_ = 0;
};

}  // namespace

std::string xml_scan_problem(std::string_view text) { return Scan(text).problem(); }

}  // namespace sat::detect
