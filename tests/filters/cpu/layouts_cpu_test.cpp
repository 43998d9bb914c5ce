// Every filter, CPU backend, on dst rows of every alignment and pitch (the same checks the CUDA
// suite runs against its word stores and its interior / border kernels).
#include "../filter_cases.h"

namespace sat::test {
namespace {

TEST(FiltersCpu, DstLayoutsRowTailsAndBorders) { check_filters_on_dst_layouts(Backend::Cpu); }

}  // namespace
}  // namespace sat::test
