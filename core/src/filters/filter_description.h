// How one filter describes itself to the catalog (sat/filter_spec.h): its FilterInfo, how each
// parameter is read and written on its parameter struct, its one-line description, and the rules
// between parameters that ranges cannot say. Each filter defines its description() in its own
// folder (filters/<name>/description.cpp); the catalog visits them in FilterSpec's order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "filters/filter_folders.h"
#include "sat/filter_spec.h"

namespace sat::filters {

template <class Params>
struct ParamAccess {
  std::function<double(const Params&)> get;             // Choice: the index; Bool: 0/1
  std::function<void(Params&, double)> set;             // the value is in range (checked before)
  std::function<void(Params&, ConstImage8)> set_image;  // ParamKind::Image only
};

// Binds a member of arithmetic, bool or enum type (enums: Choice, value = the enumerator's index).
template <class Params, class Member>
ParamAccess<Params> member(Member Params::*field) {
  return {[field](const Params& p) { return double(p.*field); },
          [field](Params& p, double v) { p.*field = Member(v); },
          {}};
}

template <class Params>
struct FilterDescription {
  FilterInfo info;                          // info.defaults holds Params{}
  std::vector<ParamAccess<Params>> access;  // one per info.params, same order
  std::function<std::string(const Params&)> describe;
  // Rules between parameters, after every parameter was range-checked; throws
  // Error(InvalidArgument, call, text). Empty when there are none.
  std::function<void(const Params&, const char* call)> check_rules;
};

// Each folder's description (filters/NAME/description.cpp), declared for every folder.
#define SATCORE_DECLARE_DESCRIPTION(Params) const FilterDescription<Params>& description(const Params*);
SATCORE_FOR_EACH_FILTER(SATCORE_DECLARE_DESCRIPTION)
#undef SATCORE_DECLARE_DESCRIPTION

}  // namespace sat::filters
