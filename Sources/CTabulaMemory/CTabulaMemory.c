// The module's functions are inline, in its header; SwiftPM builds a C target from a source file.
#include "CTabulaMemory.h"
