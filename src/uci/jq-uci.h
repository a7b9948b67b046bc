/* The UCI engine protocol as xiangqi GUIs and JieqiBox speak it
 * (rules.md section 6): commands are read from one stream, answers written
 * to another, and the search runs in its own thread so `stop`, `isready`,
 * `ponderhit` and `quit` are answered while it thinks. */
#pragma once

#include <stdio.h>

/* Runs the protocol until `quit` or the end of `in`. Every answer line is
 * flushed as it is written. Returns 0, or 1 when the engine could not be
 * set up (out of memory). */
int jq_uci_run(FILE *in, FILE *out);
