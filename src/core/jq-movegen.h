/* Move generation: pseudo-legal in stages for a search, legal for everyone
 * else. Nothing here allocates. A hidden piece moves as the role of its
 * point, so no generated move ever depends on a hidden identity. */
#pragma once

#include "jq-position.h"

typedef enum {
  JQ_GEN_ALL = 0,
  JQ_GEN_CAPTURES = 1,
  JQ_GEN_QUIETS = 2,
} JqGenStage;

/* Moves that obey each piece's movement rule; some may leave the mover's
 * king attacked. */
void jq_generate_pseudo(const JqPosition *pos, JqGenStage stage,
                        JqMoveList *list);
/* Only the moves that do not leave the mover's king attacked. */
void jq_generate_legal(const JqPosition *pos, JqGenStage stage,
                       JqMoveList *list);
/* Number of legal moves (used by perft's last ply and by end-of-game). */
int jq_count_legal(const JqPosition *pos);
bool jq_position_has_legal_move(const JqPosition *pos);

/* For a pseudo-legal move: does it keep the mover's king safe? */
bool jq_position_move_is_safe(const JqPosition *pos, JqMove move);
/* The same, faster when the caller already knows whether the side to move
 * is in check: most moves then need no attack test at all. */
bool jq_position_move_is_safe_known(const JqPosition *pos, JqMove move,
                                    bool in_check);
/* Full check of a move from outside (a user, a GUI, a file): on the board,
 * the mover's own piece, obeys the movement rule, keeps the king safe. */
bool jq_position_is_pseudo_legal(const JqPosition *pos, JqMove move);
bool jq_position_is_legal(const JqPosition *pos, JqMove move);
/* Does the legal move give check? A hidden mover's check depends on what it
 * turns up as: pass that identity (ignored for a revealed mover). */
bool jq_position_gives_check(const JqPosition *pos, JqMove move,
                             JqPieceType reveal);
/* The same for a position whose side not to move is not in check (one
 * reached by a legal move): a move far from the enemy king, off its file
 * and rank, cannot give check, and is answered without an attack test. */
bool jq_position_gives_check_known(const JqPosition *pos, JqMove move,
                                   JqPieceType reveal);
/* jq_position_in_check for a position whose side to move was not in check
 * before the last move (the move before it was legal): when the last move
 * left and took points far from that side's king, off its file and rank,
 * it is not in check, without an attack test. */
bool jq_position_in_check_after_move(const JqPosition *pos);
/* Is the move a capture? */
static inline bool jq_position_is_capture(const JqPosition *pos, JqMove m) {
  return pos->board[jq_move_to(m)] != JQ_EMPTY;
}
