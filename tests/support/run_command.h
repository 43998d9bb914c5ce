// Running a program under test through the shell, as a user would, for end-to-end tests.
#pragma once

#include <string>

namespace sat::test {

// Runs `command` with /bin/sh, appending its stdout and stderr together to `output`. Returns the
// exit status, 128 + the signal when a signal ended it, -1 when the shell could not be started.
int run_command(const std::string& command, std::string& output);

}  // namespace sat::test
