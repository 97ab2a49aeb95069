#ifndef MAGICAL_STORIES_CCAIRO_SHIM_H
#define MAGICAL_STORIES_CCAIRO_SHIM_H
#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>
#endif
