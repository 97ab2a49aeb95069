#ifndef MAGICAL_STORIES_CZLIB_SHIM_H
#define MAGICAL_STORIES_CZLIB_SHIM_H
#include <zlib.h>
#endif
