#ifndef MAGICAL_STORIES_CTURBOJPEG_SHIM_H
#define MAGICAL_STORIES_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
