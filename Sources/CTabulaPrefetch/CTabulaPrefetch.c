// The module's one function is inline, in its header; SwiftPM builds a C target from a source file.
#include "CTabulaPrefetch.h"
