/* Helpers shared by the test suites. */
#pragma once

#include <glib.h>

#include "jq-fen.h"
#include "jq-position.h"

/* Parses a FEN that the test knows is valid, failing the test otherwise. */
void jq_test_position_from_fen(JqPosition *pos, const char *fen);
/* The move named in coordinates ("h2e2"), failing the test when malformed. */
JqMove jq_test_move(const char *coords);
/* Is the move among the position's legal moves? */
gboolean jq_test_has_legal_move(const JqPosition *pos, const char *coords);
