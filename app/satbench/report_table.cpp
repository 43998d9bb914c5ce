// The terminal report: header and Table-III-style tables.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "driver_release.h"
#include "report.h"

namespace satbench {
namespace {

std::string printf_string(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// Three significant digits below 1 ms (0.00670), fewer decimals above (12.5 -> 12.50).
std::string format_ms(double ms) {
  if (ms >= 100) return printf_string("%.1f", ms);
  if (ms >= 10) return printf_string("%.2f", ms);
  if (ms >= 1 || ms <= 0) return printf_string("%.3f", ms);
  const int decimals = std::min(7, 2 - int(std::floor(std::log10(ms))));
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, ms);
  return buffer;
}

std::string format_percent(double pct) { return printf_string(std::fabs(pct) >= 10000 ? "%.0f%%" : "%.1f%%", pct); }

// Binary units, short: 0, 512, 4.0K, 1.5M, 2.1G.
std::string format_bytes(double bytes) {
  const char* units[] = {"", "K", "M", "G", "T"};
  int u = 0;
  while (bytes >= 1024 && u < 4) {
    bytes /= 1024;
    ++u;
  }
  if (u == 0) return printf_string("%.0f", bytes);
  return printf_string(bytes >= 100 ? "%.0f" : "%.1f", bytes) + units[u];
}

std::string mib(std::size_t bytes) { return printf_string("%.1f MiB", double(bytes) / (1 << 20)); }

struct Cell {
  std::string text;
  bool best = false;
};

struct Row {
  std::string label, w;
  std::vector<Cell> cells;
};

bool same_size(sat::Extent a, sat::Extent b) { return a.width == b.width && a.height == b.height; }

std::string status_cell(const Result& r, double cap_ms) {
  switch (r.status) {
    case Status::Ok:
      return format_ms(r.stats.median_ms);
    case Status::Skipped:
      return ">" + cap_text(cap_ms) + "ms";
    case Status::Aborted:
      return "ABORTED";
    default:
      return to_string(r.status);
  }
}

void print_group(std::ostream& out, const RunInfo& info, const std::vector<const Result*>& group, bool bold) {
  const Result& first = *group.front();
  std::vector<sat::Extent> sizes;
  std::vector<std::string> methods;
  for (const Result* r : group) {
    if (std::none_of(sizes.begin(), sizes.end(), [&](sat::Extent e) { return same_size(e, r->extent); }))
      sizes.push_back(r->extent);
    if (std::find(methods.begin(), methods.end(), r->method) == methods.end()) methods.push_back(r->method);
  }
  // A column's label: its size, and its plane count in the batches suite (one per size there).
  auto label = [&](sat::Extent e) {
    for (const Result* r : group)
      if (same_size(r->extent, e)) return size_label(e, r->planes);
    return size_label(e);
  };
  auto find = [&](const std::string& method, int tile, sat::Extent e) -> const Result* {
    for (const Result* r : group)
      if (r->method == method && r->tile == tile && same_size(r->extent, e)) return r;
    return nullptr;
  };
  auto best_of = [&](const std::string& method, sat::Extent e) -> const Result* {
    for (const Result* r : group)
      if (r->method == method && r->best && same_size(r->extent, e)) return r;
    return nullptr;
  };

  std::vector<Row> rows;
  for (const std::string& method : methods) {
    std::vector<int> tiles;
    MethodKind kind = MethodKind::Peer;
    for (const Result* r : group)
      if (r->method == method) {
        kind = r->kind;
        if (std::find(tiles.begin(), tiles.end(), r->tile) == tiles.end()) tiles.push_back(r->tile);
      }
    std::sort(tiles.begin(), tiles.end());
    const bool tiled = tiles.size() > 1 || tiles.front() != 0;
    for (std::size_t t = 0; t < tiles.size(); ++t) {
      Row row{t == 0 ? (kind == MethodKind::Copy ? "copy D2D" : method) : "",
              tiles[t] ? std::to_string(tiles[t]) : "-",
              {}};
      for (sat::Extent e : sizes) {
        const Result* r = find(method, tiles[t], e);
        row.cells.push_back(r ? Cell{status_cell(*r, info.options.cap_ms), tiled && r->best} : Cell{});
      }
      rows.push_back(row);
    }
    if (kind == MethodKind::Copy) continue;
    Row overhead{"", "ovh", {}};
    for (sat::Extent e : sizes) {
      const Result* b = best_of(method, e);
      overhead.cells.push_back({b && std::isfinite(b->overhead_pct) ? format_percent(b->overhead_pct) : ""});
    }
    rows.push_back(overhead);
    if (kind != MethodKind::Algorithm) continue;
    Row workspace{"", "ws", {}};
    for (sat::Extent e : sizes) {
      const Result* b = best_of(method, e);
      if (!b)  // none ok: the first W that reports one
        for (int tile : tiles)
          if (const Result* r = find(method, tile, e); r && r->status != Status::Unsupported && !b) b = r;
      workspace.cells.push_back({b ? format_bytes(double(b->workspace_bytes)) : ""});
    }
    rows.push_back(workspace);
  }

  rows.erase(std::remove_if(rows.begin(), rows.end(),
                            [](const Row& row) {
                              return std::all_of(row.cells.begin(), row.cells.end(),
                                                 [](const Cell& c) { return c.text.empty(); });
                            }),
             rows.end());
  std::size_t label_width = 9, cell_width = 9;
  for (const Row& row : rows) {
    label_width = std::max(label_width, row.label.size());
    for (const Cell& c : row.cells) cell_width = std::max(cell_width, c.text.size() + (c.best ? 1 : 0));
  }
  for (sat::Extent e : sizes) cell_width = std::max(cell_width, label(e).size());
  cell_width += 1;

  const bool square = first.suite == Suite::Square;  // Table III proper
  out << "\n== " << to_string(first.suite) << ": " << sat::to_string(first.type)
      << (square ? ", n x n (the paper's Table III)" : "") << " -- time in ms (median); copy = D2D of "
      << (square ? "the input bytes" : "(input + output bytes) / 2") << " ==\n";
  auto pad_left = [](const std::string& s, std::size_t w) {
    return std::string(w > s.size() ? w - s.size() : 0, ' ') + s;
  };
  out << std::string(label_width, ' ') << pad_left("W", 4);
  for (sat::Extent e : sizes) out << pad_left(label(e), cell_width);
  out << '\n';
  for (const Row& row : rows) {
    out << row.label << std::string(label_width - row.label.size(), ' ') << pad_left(row.w, 4);
    for (const Cell& c : row.cells) {
      const std::string text = c.text + (c.best ? "*" : "");
      const std::string padded = pad_left(text, cell_width);
      if (bold && c.best) {
        const std::size_t lead = padded.size() - text.size();
        out << padded.substr(0, lead) << "\033[1m" << text << "\033[0m";
      } else {
        out << padded;
      }
    }
    out << '\n';
  }
  out << "* fastest W; ovh = (T - D) / D for the fastest W, D = copy; ws = sat::workspace_size at the fastest W\n"
         "(device bytes beyond input and output; K/M/G = 2^10/2^20/2^30); >"
      << cap_text(info.options.cap_ms)
      << "ms = skipped (one run took longer than --cap-ms);\n"
         "n/a = not offered for this type/W; WRONG = differs from cpu_reference (not timed)\n";
  if (!info.no_gpu_reason.empty()) out << "no GPU = a GPU method, not measured: " << info.no_gpu_reason << '\n';
  if (std::any_of(group.begin(), group.end(), [](const Result* r) { return r->method == to_string(Peer::Cub); }))
    out << to_string(Peer::Cub)
        << " = CUB's InclusiveSum over the same bytes as one 1-D scan (not a table: checked against a CPU\n"
           "1-D prefix at sampled positions; CUB's temporary storage is the JSON's workspace_bytes)\n";
  // Notes: per method and W, the first failure in full, then the other sizes with the same status.
  // A size left out for want of host memory: one line, not one per method.
  std::vector<std::string> unrun;
  for (const Result* r : group) {
    const std::string line = size_label(r->extent, r->planes) + ": " + r->note;
    if (r->status == Status::NoMemory && std::find(unrun.begin(), unrun.end(), line) == unrun.end())
      unrun.push_back(line);
  }
  if (!unrun.empty()) out << "notes:\n";
  for (const std::string& line : unrun) out << "  " << line << '\n';
  std::vector<const Result*> noted;
  for (const Result* r : group) {
    if (r->status != Status::Wrong && r->status != Status::Failed && r->status != Status::OutOfMemory &&
        r->status != Status::Aborted)
      continue;
    if (std::any_of(noted.begin(), noted.end(), [&](const Result* n) {
          return n->method == r->method && n->tile == r->tile && n->status == r->status;
        }))
      continue;
    if (noted.empty() && unrun.empty()) out << "notes:\n";
    noted.push_back(r);
    out << "  " << r->method << (r->tile ? " W=" + std::to_string(r->tile) : "") << " at "
        << size_label(r->extent, r->planes) << ": " << (r->note.empty() ? to_string(r->status) : r->note) << '\n';
    std::string also;
    for (const Result* o : group)
      if (o != r && o->method == r->method && o->tile == r->tile && o->status == r->status)
        also += (also.empty() ? "" : ", ") + size_label(o->extent, o->planes);
    if (!also.empty()) out << "    also " << to_string(r->status) << " at " << also << '\n';
  }
}

// cpu_parallel chooses its own threads unless --cpu-threads names a count (runner.cpp).
std::string cpu_parallel_note(const BenchOptions& o) {
  return o.cpu_threads > 0 ? "" : " (cpu_parallel: automatic, one thread below 2^18 elements)";
}

}  // namespace

void print_header(std::ostream& out, const RunInfo& info) {
  const DeviceInfo& d = info.device;
  const BenchOptions& o = info.options;
  out << "satbench -- summed-area tables against a device-to-device copy (Emoto et al., Table III)\n";
  if (!info.no_gpu_reason.empty()) {
    out << "GPU         none: " << info.no_gpu_reason << "\n"
        << "            the GPU algorithms, the copy baseline and NPP are not measured (no GPU); CPU peers only\n";
    out << "host        " << (d.host_name.empty() ? "?" : d.host_name) << ", " << d.host_threads
        << " hardware threads; CPU peers on " << info.cpu_threads << " threads" << cpu_parallel_note(o) << "\n";
    out << "date        " << d.date_utc << '\n';
    out << "peers       " << info.opencv << '\n';
    out << "timing      steady_clock around each call; median of " << o.reps << " runs after " << o.warmup
        << " warm-up run" << (o.warmup == 1 ? "" : "s") << '\n';
    out << "command     " << info.command_line << '\n';
    return;
  }
  out << "GPU " << d.index << "       " << d.name << ", sm_" << d.cc_major << d.cc_minor << ", " << d.sm_count
      << " SMs, " << printf_string("%.1f GiB", double(d.global_memory_bytes) / (1 << 30)) << '\n';
  out << "memory      " << printf_string("%.0f MHz", d.memory_clock_mhz) << " x " << d.bus_width_bits
      << "-bit bus = " << printf_string("%.0f GB/s", d.peak_bandwidth_gbs) << " peak; L2 " << mib(d.l2_bytes) << '\n';
  out << "CUDA        " << driver_line(d.driver_release, d.driver_version) << "; runtime " << d.runtime_version << '\n';
  out << "host        " << (d.host_name.empty() ? "?" : d.host_name) << ", " << d.host_threads
      << " hardware threads; CPU peers on " << info.cpu_threads << " threads" << cpu_parallel_note(o) << "\n";
  out << "date        " << d.date_utc << '\n';
  out << "peers       " << info.npp << "; " << info.cub << "; " << info.opencv << '\n';
  out << "timing      CUDA events around each call (launch included, waited for); median of " << o.reps
      << " runs after " << o.warmup << " warm-up run" << (o.warmup == 1 ? "" : "s") << "; each case starts with "
      << kClockRampMs << " ms of copies (clocks up after the CPU peers)\n";
  out << "            ";
  if (o.min_reps < o.reps)
    out << "at least " << o.min_reps << " runs where " << o.reps << " would take over " << o.budget_ms << " ms; ";
  out << "a method is skipped above " << cap_text(o.cap_ms) << " ms per run\n";
  out << "            inputs/outputs rotate over >= " << mib(info.rotate_bytes)
      << " of buffer sets (the copy and every method alike)\n";
  out << "check       each result once against cpu_reference before timing: integers exact; floats exact while\n"
         "            the image total is below 2^24, else |got - want| <= "
      << o.rtol << " |want|\n";
  out << "command     " << info.command_line << '\n';
}

void print_tables(std::ostream& out, const RunInfo& info, const std::vector<Result>& results, bool bold) {
  std::vector<std::vector<const Result*>> groups;  // by suite and type, in order of appearance
  for (const Result& r : results) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const std::vector<const Result*>& g) {
      return g.front()->suite == r.suite && g.front()->type == r.type;
    });
    if (it == groups.end())
      groups.push_back({&r});
    else
      it->push_back(&r);
  }
  for (const auto& group : groups) print_group(out, info, group, bold);
}

}  // namespace satbench
