// placeholder: being written
#include "algorithms/algorithms.h"
