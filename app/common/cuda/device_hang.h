// After GPU work hung (a watchdog gave up on it), every call that synchronizes (cudaFree,
// cudaFreeHost, destroying a stream or an event) would wait for the hung work forever. Once the
// hang is marked, the owners in this folder leak instead of freeing, and the program exits soon.
#pragma once

namespace satapp {

void mark_device_hung();
bool device_hung();

}  // namespace satapp
