#include "common/files/temp_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace satapp::files {
namespace {

// A run stages all its outputs before placing any (output_batch.h): a batch of N images holds N
// temporaries at once. Slots come in blocks, a new block linked on when all are taken; blocks
// are never freed, so a signal handler may walk the list at any moment.
constexpr int kSlotsPerBlock = 16;

enum SlotState : int { kFree = 0, kFilling = 1, kListed = 2 };

struct Slot {
  std::atomic<int> state{kFree};  // lock-free, so a signal handler may read it
  bool is_directory = false;
  char path[PATH_MAX] = {};
};

struct Block {
  Slot slots[kSlotsPerBlock];
  std::atomic<Block*> next{nullptr};
};

Block g_first_block;

Slot* slot_of(int handle) noexcept {
  Block* block = &g_first_block;
  for (int b = handle / kSlotsPerBlock; b > 0 && block; --b) block = block->next.load();
  return block ? &block->slots[handle % kSlotsPerBlock] : nullptr;
}

// Deletes the files of a flat directory, then the directory. Only system calls: opendir and
// readdir may allocate, which a signal handler must not do.
void remove_flat_directory(const char* path) noexcept {
  const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    alignas(8) static char buffer[8192];  // static: the handler's stack may be small
    for (;;) {
      const long n = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
      if (n <= 0) break;
      for (long offset = 0; offset < n;) {
        // struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name.
        unsigned short record = 0;
        std::memcpy(&record, buffer + offset + 16, sizeof record);
        const char* name = buffer + offset + 19;
        if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) ::unlinkat(fd, name, 0);
        offset += record;
      }
    }
    ::close(fd);
  }
  ::rmdir(path);
}

}  // namespace

int register_temporary(const std::string& path, bool is_directory) {
  if (path.size() >= PATH_MAX) throw std::runtime_error("path too long: '" + path + "'");
  Block* block = &g_first_block;
  for (int first = 0;; first += kSlotsPerBlock) {
    for (int i = 0; i < kSlotsPerBlock; ++i) {
      Slot& slot = block->slots[i];
      int expected = kFree;
      if (!slot.state.compare_exchange_strong(expected, kFilling)) continue;
      std::memcpy(slot.path, path.c_str(), path.size() + 1);
      slot.is_directory = is_directory;
      slot.state.store(kListed);
      return first + i;
    }
    Block* next = block->next.load();
    if (!next) {
      auto fresh = std::make_unique<Block>();
      if (block->next.compare_exchange_strong(next, fresh.get())) next = fresh.release();  // else: another's won
    }
    block = next;
  }
}

void forget_temporary(int handle) noexcept {
  if (handle < 0) return;
  if (Slot* slot = slot_of(handle)) slot->state.store(kFree);
}

void remove_temporaries_now() noexcept {
  for (Block* block = &g_first_block; block; block = block->next.load())
    for (Slot& slot : block->slots) {
      if (slot.state.load() != kListed) continue;
      if (slot.is_directory)
        remove_flat_directory(slot.path);
      else
        ::unlink(slot.path);
    }
}

void remove_abandoned_temporaries(const std::string& directory, const std::string& stem) noexcept {
  try {
    const std::string prefix = "." + stem + "." + program_invocation_short_name + "-";
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(directory.empty() ? "." : directory, error)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(prefix, 0) != 0) continue;
      const std::size_t digits = prefix.size();
      const std::size_t dash = name.find('-', digits);
      if (dash == std::string::npos || dash == digits || dash - digits > 9 ||
          name.find_first_not_of("0123456789", digits) != dash)
        continue;
      const pid_t pid = static_cast<pid_t>(std::stol(name.substr(digits, dash - digits)));
      if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;  // alive, or not ours to judge
      std::error_code ignored;
      std::filesystem::remove_all(entry.path(), ignored);
    }
  } catch (...) {
    // Best effort: what cannot be listed or removed stays where it is.
  }
}

}  // namespace satapp::files
