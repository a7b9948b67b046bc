/* The board in words, for the accessible label and description of
 * JqBoardView. Only what the view shows is described: a hidden piece is
 * "face down" and nothing more, whatever the position's pools say. */
#pragma once

#include <glib.h>

#include "jq-position.h"

/* "Jieqi. Red to move. Red: king e0; 15 face-down pieces a0 b0 ...
 * Black: ... Last move h2e2. Red is in check." `last_move` may be
 * JQ_MOVE_NONE and `check_square` -1. Free with g_free. */
char *jq_board_describe(const JqPosition *pos, JqMove last_move,
                        int check_square);

/* One point: "e0, Red king", "a3, Red face-down piece", "e4, empty".
 * Free with g_free. */
char *jq_board_describe_square(const JqPosition *pos, int square);
