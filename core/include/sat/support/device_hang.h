// After GPU work hung (a watchdog gave up waiting for it), every call that synchronizes
// (cudaFree, cudaFreeHost, destroying an event) would wait for the hung work forever. Once the
// hang is marked, the owners of sat/support leak instead of freeing, and the program can exit.
#pragma once

namespace sat {

void mark_device_hung() noexcept;
bool device_hung() noexcept;

}  // namespace sat
