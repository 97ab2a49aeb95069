#ifndef MAGICAL_STORIES_CWEBP_SHIM_H
#define MAGICAL_STORIES_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/encode.h>
#endif
