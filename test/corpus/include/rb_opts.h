/* Corpus header for ruby-like.d (found through -I). */
#ifndef RB_OPTS_H
#define RB_OPTS_H
#define RB_COLLECT_USAGE 0
#define RB_NAME_LEN unsigned long
#endif
