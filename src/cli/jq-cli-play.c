/* `play`: a game in the terminal between people and/or a random mover, run
 * by the arbiter (JqGame). The random mover sees only its own side's view of
 * the game: like any AI, it is never shown the hidden identities. */
#include "jq-cli.h"

#include <glib.h>
#include <inttypes.h>
#include <string.h>

#include "jq-game.h"
#include "jq-movegen.h"
#include "jq-notation.h"
#include "jq-rng.h"

typedef enum { PLAYER_HUMAN, PLAYER_RANDOM } PlayerKind;

typedef struct {
  JqGame *game;
  PlayerKind players[2];
  JqRng rng; /* the random mover's dice */
  bool chinese;
} Play;

static const char *side_name(JqColor c) {
  return c == JQ_RED ? "Red" : "Black";
}

static bool parse_player(const char *text, PlayerKind *out) {
  if (g_ascii_strcasecmp(text, "human") == 0)
    *out = PLAYER_HUMAN;
  else if (g_ascii_strcasecmp(text, "random") == 0)
    *out = PLAYER_RANDOM;
  else
    return false;
  return true;
}

static int human_count(const Play *play) {
  return (play->players[JQ_RED] == PLAYER_HUMAN) +
         (play->players[JQ_BLACK] == PLAYER_HUMAN);
}

/* What the people at the terminal may see: a lone human's own view, else
 * what an onlooker knows. Never the truth, which would show the deal. */
static void shown_position(const Play *play, JqPosition *out) {
  if (human_count(play) == 1) {
    JqColor human = play->players[JQ_RED] == PLAYER_HUMAN ? JQ_RED : JQ_BLACK;
    jq_game_view(play->game, human, out);
  } else {
    jq_game_public_view(play->game, out);
  }
}

static void show_board(const Play *play) {
  JqPosition *pos = g_new0(JqPosition, 1);
  shown_position(play, pos);
  fputc('\n', stdout);
  jq_cli_print_board(stdout, pos, play->chinese);
  g_free(pos);
}

/* "h2e2 (炮二平五, C2.5)": the move in each notation, named from the shown
 * position before the move is played. */
static void move_text(const Play *play, JqMove move, char *buf, size_t size) {
  JqPosition *pos = g_new0(JqPosition, 1);
  shown_position(play, pos);
  char coords[JQ_COORDS_MAX], wxf[JQ_WXF_MAX], chinese[JQ_CHINESE_MAX];
  jq_move_to_coords(move, coords);
  size_t has_chinese = jq_move_to_chinese(
      pos, move, JQ_NO_TYPE, JQ_CHARSET_SIMPLIFIED, chinese, sizeof chinese);
  size_t has_wxf = jq_move_to_wxf(pos, move, wxf);
  g_free(pos);
  if (has_chinese && has_wxf)
    g_snprintf(buf, size, "%s (%s, %s)", coords, chinese, wxf);
  else
    g_snprintf(buf, size, "%s", coords);
}

/* Picks uniformly among the legal moves of the mover's own view. */
static JqMove random_move(Play *play, JqColor side) {
  JqPosition *view = g_new0(JqPosition, 1);
  jq_game_view(play->game, side, view);
  JqMoveList list;
  jq_generate_legal(view, JQ_GEN_ALL, &list);
  g_free(view);
  if (list.count == 0)
    return JQ_MOVE_NONE;
  return list.moves[jq_rng_below(&play->rng, (uint32_t)list.count)];
}

/* Tells the table what a move turned up: the mover's identity (everyone
 * sees it) and a captured hidden piece's, as the disclosure rule allows
 * (under the captor rule, a person captor is told it). */
static void announce(const Play *play, JqColor mover, bool mover_hidden,
                     bool captured_hidden) {
  int n = jq_game_move_count(play->game);
  JqGameMove gm = jq_game_move_at(play->game, n - 1);
  bool told = jq_game_disclosure(play->game) == JQ_DISCLOSE_BOTH ||
              play->players[mover] == PLAYER_HUMAN;
  JqCliReveal r = {
      .mover = mover,
      .from = jq_move_from(gm.move),
      .mover_type = mover_hidden ? gm.reveal.mover : JQ_NO_TYPE,
      .captured_hidden = captured_hidden,
      .captured_type =
          captured_hidden && told ? gm.reveal.captured : JQ_NO_TYPE,
  };
  jq_cli_print_reveal(stdout, &r, jq_game_disclosure(play->game));
}

/* Plays a move through the arbiter and reports it; false with the reason
 * in err when the arbiter refuses it. */
static bool play_move(Play *play, JqMove move, JqError *err) {
  JqColor mover = jq_game_side_to_move(play->game);
  const JqPosition *truth = jq_game_truth(play->game);
  bool mover_hidden = jq_piece_is_hidden(truth->board[jq_move_from(move)]);
  JqPiece target = truth->board[jq_move_to(move)];
  bool captured_hidden = target != JQ_EMPTY && jq_piece_is_hidden(target);
  char text[96];
  move_text(play, move, text, sizeof text);
  if (!jq_game_play(play->game, move, err))
    return false;
  printf("%s plays %s\n", side_name(mover), text);
  announce(play, mover, mover_hidden, captured_hidden);
  return true;
}

/* Why a move typed in coordinates cannot be played, in more words than
 * "illegal". */
static void explain_coords(const Play *play, const char *text, char *why,
                           size_t why_size) {
  int from = jq_square_parse(text), to = jq_square_parse(text + 2);
  JqPosition *board = g_new0(JqPosition, 1);
  shown_position(play, board);
  JqColor side = (JqColor)board->side;
  JqPiece piece = board->board[from];
  JqMove move = jq_move_make(from, to);
  if (piece == JQ_EMPTY)
    g_snprintf(why, why_size, "there is no piece on %.2s", text);
  else if (jq_piece_color(piece) != side)
    g_snprintf(why, why_size, "the piece on %.2s is %s's; %s is to move", text,
               side_name(jq_piece_color(piece)), side_name(side));
  else if (!jq_position_is_pseudo_legal(board, move))
    g_snprintf(why, why_size, "the piece on %.2s cannot move to %.2s", text,
               text + 2);
  else if (!jq_position_is_legal(board, move))
    g_snprintf(why, why_size,
               "%.4s would leave your king in check (or facing the other "
               "king)",
               text);
  g_free(board);
}

/* Reads a move typed by a person in coordinates, WXF or Chinese; explains
 * what is wrong with it. */
static bool parse_human_move(const Play *play, const char *text, JqMove *out,
                             char *why, size_t why_size) {
  JqPosition *pos = g_new0(JqPosition, 1);
  shown_position(play, pos);
  JqReveal reveal = JQ_REVEAL_NONE;
  JqError err;
  bool ok = jq_notation_parse_any(pos, text, out, &reveal, &err);
  g_free(pos);
  if (ok && (reveal.mover != JQ_NO_TYPE || reveal.captured != JQ_NO_TYPE)) {
    /* Identities come from the deal, not from the keyboard. */
    g_snprintf(why, why_size,
               "the game decides what a hidden piece is: type the move "
               "without a piece letter or (车)");
    return false;
  }
  if (ok)
    return true;
  g_snprintf(why, why_size, "%s", err.message);
  if (strlen(text) == 4 && jq_square_parse(text) >= 0 &&
      jq_square_parse(text + 2) >= 0)
    explain_coords(play, text, why, why_size);
  return false;
}

static void print_help(void) {
  puts("Type a move in coordinates, WXF or Chinese notation: h2e2, C2.5 or\n"
       "炮二平五 (coordinates: from-square then to-square, files a..i from\n"
       "Red's left, ranks 0..9 from Red's side; a hidden piece is 暗 in\n"
       "Chinese, e.g. 暗炮二平五). Commands:\n"
       "  moves   list the legal moves\n"
       "  board   show the board again\n"
       "  fen     print the position as FEN\n"
       "  undo    take back your last move\n"
       "  resign  give up the game\n"
       "  help    this text\n"
       "  quit    leave");
}

static void print_result(const Play *play) {
  JqResult result = jq_game_result(play->game);
  char reason[128];
  jq_result_reason_text(result, reason, sizeof reason);
  const char *outcome = result.outcome == JQ_OUTCOME_RED_WINS     ? "Red wins"
                        : result.outcome == JQ_OUTCOME_BLACK_WINS ? "Black wins"
                                                                  : "Draw";
  printf("Game over: %s (%s) %s\n", outcome, reason,
         jq_result_score_text(result));
}

/* Takes back moves until a person is to move again. */
static void undo(Play *play) {
  if (jq_game_move_count(play->game) == 0) {
    puts("Nothing to undo.");
    return;
  }
  jq_game_undo(play->game);
  while (jq_game_move_count(play->game) > 0 &&
         play->players[jq_game_side_to_move(play->game)] != PLAYER_HUMAN)
    jq_game_undo(play->game);
}

typedef enum { TURN_MOVED, TURN_AGAIN, TURN_QUIT } TurnOutcome;

/* The longest line a person may type, in bytes. */
#define LINE_MAX_BYTES 255

/* Reads a line into buf (LINE_MAX_BYTES + 1 bytes) without its newline. A
 * longer line is read to its end and dropped, with *too_long set: its tail
 * must never be taken for a command of its own. False at the end of input
 * with nothing read. */
static bool read_line(FILE *in, char *buf, bool *too_long) {
  size_t len = 0;
  int c;
  *too_long = false;
  while ((c = getc(in)) != EOF && c != '\n') {
    if (len < LINE_MAX_BYTES)
      /* A NUL would cut the line short unseen; it reads as a blank. */
      buf[len++] = c == '\0' ? ' ' : (char)c;
    else
      *too_long = true;
  }
  buf[len] = '\0';
  return c != EOF || len > 0;
}

static TurnOutcome human_turn(Play *play) {
  JqColor side = jq_game_side_to_move(play->game);
  printf("%s> ", side_name(side));
  fflush(stdout);
  char line[LINE_MAX_BYTES + 1];
  bool too_long;
  if (!read_line(stdin, line, &too_long)) {
    fputc('\n', stdout);
    return TURN_QUIT;
  }
  if (too_long) {
    printf("Line too long (more than %d characters): ignored.\n",
           LINE_MAX_BYTES);
    return TURN_AGAIN;
  }
  char *text = g_strstrip(line);
  if (*text == '\0')
    return TURN_AGAIN;
  if (strcmp(text, "quit") == 0 || strcmp(text, "exit") == 0)
    return TURN_QUIT;
  if (strcmp(text, "help") == 0 || strcmp(text, "?") == 0) {
    print_help();
    return TURN_AGAIN;
  }
  if (strcmp(text, "board") == 0 || strcmp(text, "show") == 0) {
    show_board(play);
    return TURN_AGAIN;
  }
  if (strcmp(text, "moves") == 0 || strcmp(text, "fen") == 0) {
    JqPosition *pos = g_new0(JqPosition, 1);
    shown_position(play, pos);
    if (text[0] == 'm') {
      jq_cli_print_moves(stdout, pos);
    } else {
      char fen[JQ_FEN_MAX];
      jq_cli_position_fen(pos, fen);
      puts(fen);
    }
    g_free(pos);
    return TURN_AGAIN;
  }
  if (strcmp(text, "undo") == 0) {
    undo(play);
    show_board(play);
    return TURN_AGAIN;
  }
  if (strcmp(text, "resign") == 0) {
    jq_game_declare_result(play->game,
                           jq_result_loss(side, JQ_REASON_RESIGNATION));
    return TURN_MOVED;
  }

  JqMove move = JQ_MOVE_NONE;
  char why[160];
  JqError err;
  if (!parse_human_move(play, text, &move, why, sizeof why)) {
    printf("Not played: %s.\n", why);
    return TURN_AGAIN;
  }
  if (!play_move(play, move, &err)) {
    printf("Not played: %s.\n", err.message);
    return TURN_AGAIN;
  }
  return TURN_MOVED;
}

static int run(Play *play) {
  if (human_count(play) > 0) {
    show_board(play);
    puts("Type 'help' for help.");
  }
  while (!jq_game_is_over(play->game)) {
    JqColor side = jq_game_side_to_move(play->game);
    if (play->players[side] == PLAYER_RANDOM) {
      JqMove move = random_move(play, side);
      JqError err;
      /* The referee ends a game without moves, so there always is one. */
      if (move == JQ_MOVE_NONE || !play_move(play, move, &err)) {
        fprintf(stderr, "jieqi-cli play: the random mover found no move\n");
        return 1;
      }
      if (human_count(play) > 0)
        show_board(play);
      continue;
    }
    TurnOutcome outcome = human_turn(play);
    if (outcome == TURN_QUIT)
      return 0;
    if (outcome == TURN_MOVED && !jq_game_is_over(play->game) &&
        play->players[jq_game_side_to_move(play->game)] == PLAYER_HUMAN)
      show_board(play);
  }
  show_board(play);
  print_result(play);
  return 0;
}

int jq_cli_play(int argc, char **argv) {
  char *variant_text = NULL, *seed_text = NULL, *fen = NULL;
  char *red_text = NULL, *black_text = NULL;
  gboolean chinese = FALSE;
  GOptionEntry entries[] = {
      {"variant", 'v', 0, G_OPTION_ARG_STRING, &variant_text,
       "xiangqi or jieqi (default: xiangqi)", "V"},
      {"seed", 's', 0, G_OPTION_ARG_STRING, &seed_text,
       "Seed of the jieqi deal and the random mover (default: random)", "S"},
      {"fen", 'f', 0, G_OPTION_ARG_STRING, &fen,
       "Start from this position instead", "F"},
      {"red", 0, 0, G_OPTION_ARG_STRING, &red_text,
       "Who plays Red: human or random (default: human)", "P"},
      {"black", 0, 0, G_OPTION_ARG_STRING, &black_text,
       "Who plays Black: human or random (default: human)", "P"},
      {"chinese", 'c', 0, G_OPTION_ARG_NONE, &chinese,
       "Draw pieces as Chinese characters", NULL},
      G_OPTION_ENTRY_NULL,
  };
  GOptionContext *ctx = g_option_context_new("play");
  g_option_context_set_summary(
      ctx, "Play a game in the terminal: two people, or a person against a "
           "random mover.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  bool ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);

  Play play = {.players = {PLAYER_HUMAN, PLAYER_HUMAN}};
  JqFenVariant variant = JQ_FEN_VARIANT_AUTO;
  uint64_t seed = g_random_int() | ((uint64_t)g_random_int() << 32);
  int rc = 0;
  if (!ok) {
    rc = jq_cli_usage_error("play", "%s", error->message);
    g_error_free(error);
  } else if (argc > 1) {
    rc = jq_cli_usage_error("play", "unexpected argument '%s'", argv[1]);
  } else if (variant_text && !jq_cli_parse_variant(variant_text, &variant)) {
    rc = jq_cli_usage_error("play", "unknown variant '%s' (xiangqi, jieqi)",
                            variant_text);
  } else if (seed_text && !jq_cli_parse_seed(seed_text, &seed)) {
    rc = jq_cli_usage_error("play", "seed must be a non-negative integer");
  } else if (red_text && !parse_player(red_text, &play.players[JQ_RED])) {
    rc = jq_cli_usage_error("play", "--red must be human or random");
  } else if (black_text && !parse_player(black_text, &play.players[JQ_BLACK])) {
    rc = jq_cli_usage_error("play", "--black must be human or random");
  }

  if (rc == 0) {
    JqError err;
    play.chinese = chinese;
    if (fen) {
      play.game = jq_game_new_from_fen(fen, variant, seed, &err);
      if (play.game == NULL)
        rc = jq_cli_usage_error("play", "bad FEN: %s", err.message);
    } else {
      play.game =
          jq_game_new(variant == JQ_FEN_VARIANT_JIEQI ? JQ_VARIANT_JIEQI
                                                      : JQ_VARIANT_XIANGQI,
                      seed);
    }
  }
  if (rc == 0) {
    /* A different stream from the deal's, so the dice tell nothing of it. */
    jq_rng_seed(&play.rng, seed ^ UINT64_C(0x9e3779b97f4a7c15));
    printf("%s, seed %" PRIu64 "\n",
           jq_game_variant(play.game) == JQ_VARIANT_JIEQI ? "Jieqi" : "Xiangqi",
           seed);
    rc = run(&play);
    jq_game_free(play.game);
  }
  g_free(variant_text);
  g_free(seed_text);
  g_free(fen);
  g_free(red_text);
  g_free(black_text);
  return rc;
}
