#ifndef MAGICAL_STORIES_COPUSENC_SHIM_H
#define MAGICAL_STORIES_COPUSENC_SHIM_H
#include <opus/opusenc.h>

/* ope_encoder_ctl is variadic, which Swift cannot call: one small wrapper per setting used. */
static inline int ms_ope_set_bitrate(OggOpusEnc *enc, opus_int32 bitrate) {
    return ope_encoder_ctl(enc, OPUS_SET_BITRATE(bitrate));
}
static inline int ms_ope_set_voice_signal(OggOpusEnc *enc) {
    return ope_encoder_ctl(enc, OPUS_SET_SIGNAL(OPUS_SIGNAL_VOICE));
}
static inline int ms_ope_set_music_signal(OggOpusEnc *enc) {
    return ope_encoder_ctl(enc, OPUS_SET_SIGNAL(OPUS_SIGNAL_MUSIC));
}
static inline int ms_ope_set_serialno(OggOpusEnc *enc, opus_int32 serial) {
    return ope_encoder_ctl(enc, OPE_SET_SERIALNO(serial));
}
static inline int ms_ope_set_complexity(OggOpusEnc *enc, opus_int32 complexity) {
    return ope_encoder_ctl(enc, OPUS_SET_COMPLEXITY(complexity));
}
#endif
