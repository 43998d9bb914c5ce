// CPU adaptive-threshold passes (mean − C, Sauvola, Bradley–Roth) from the tables.
#include "filters/backend.h"
#include "filters/cpu_rows.h"

namespace sat::filters {

void cpu_mean_c(const MeanCJob& job) { cpu_filter_pass(MeanCPass(job), 4); }
void cpu_sauvola(const SauvolaJob& job) { cpu_filter_pass(SauvolaPass(job), 8); }
void cpu_bradley(const BradleyJob& job) { cpu_filter_pass(BradleyPass(job), 4); }

}  // namespace sat::filters
