/* `show` and `moves`: a position as text, and its legal moves. */
#include "jq-cli.h"

#include <glib.h>
#include <stdlib.h>
#include <unistd.h>

#include "jq-movegen.h"
#include "jq-notation.h"

/* Characters of rules.md section 4, indexed by JqPieceType. */
static const char *const chinese_red[JQ_TYPE_COUNT] = {"＋", "帅", "仕", "相",
                                                       "马", "车", "炮", "兵"};
static const char *const chinese_black[JQ_TYPE_COUNT] = {
    "＋", "将", "士", "象", "马", "车", "炮", "卒"};
static const char *const chinese_files[JQ_FILES] = {
    "ａ", "ｂ", "ｃ", "ｄ", "ｅ", "ｆ", "ｇ", "ｈ", "ｉ"};

/* Colour only helps a person at a terminal; NO_COLOR turns it off. */
static bool use_colour(FILE *out) {
  return isatty(fileno(out)) && getenv("NO_COLOR") == NULL;
}

static void print_piece(FILE *out, JqPiece p, bool chinese, bool colour) {
  bool red = p != JQ_EMPTY && jq_piece_color(p) == JQ_RED;
  if (colour && red)
    fputs("\033[31m", out);
  if (!chinese) {
    fputc(jq_piece_letter(p), out);
    fputc(' ', out);
  } else if (p == JQ_EMPTY) {
    fputs(chinese_red[0], out);
  } else if (jq_piece_is_hidden(p)) {
    fputs("暗", out);
  } else {
    const char *const *set = red ? chinese_red : chinese_black;
    fputs(set[jq_piece_type(p)], out);
  }
  if (colour && red)
    fputs("\033[0m", out);
}

static void print_file_labels(FILE *out, bool chinese) {
  fputs("   ", out);
  for (int f = 0; f < JQ_FILES; f++) {
    if (chinese)
      fputs(chinese_files[f], out);
    else
      fprintf(out, "%c ", 'a' + f);
  }
  fputc('\n', out);
}

static void print_pool(FILE *out, const JqPosition *pos, JqColor c) {
  static const JqPieceType order[] = {JQ_ADVISOR, JQ_ELEPHANT, JQ_HORSE,
                                      JQ_CHARIOT, JQ_CANNON,   JQ_PAWN};
  fprintf(out, "%s", c == JQ_RED ? "Red" : "Black");
  for (size_t i = 0; i < G_N_ELEMENTS(order); i++) {
    int n = pos->pool[c][order[i]];
    if (n > 0) {
      char letter = jq_piece_type_letter(order[i]);
      fprintf(out, " %c%d", c == JQ_RED ? letter : g_ascii_tolower(letter), n);
    }
  }
  fprintf(out, " (%d unrevealed)", jq_position_pool_total(pos, c));
}

static void print_captures(FILE *out, const JqPosition *pos) {
  int count = pos->capture_count < 32 ? pos->capture_count : 32;
  if (count == 0)
    return;
  fputs("Captured:", out);
  for (int i = 0; i < count; i++) {
    const JqCapture *cap = &pos->captures[i];
    fprintf(out, " %c", jq_piece_letter(cap->piece));
    /* A hidden capture shows what it was when this observer learned it. */
    if (jq_piece_is_hidden(cap->piece) && cap->identity != JQ_NO_TYPE) {
      char letter = jq_piece_type_letter(cap->identity);
      if (jq_piece_color(cap->piece) == JQ_BLACK)
        letter = g_ascii_tolower(letter);
      fprintf(out, "=%c", letter);
    }
  }
  fputc('\n', out);
}

void jq_cli_print_board(FILE *out, const JqPosition *pos, bool chinese) {
  bool colour = use_colour(out);
  print_file_labels(out, chinese);
  for (int rank = JQ_RANKS - 1; rank >= 0; rank--) {
    fprintf(out, "%d  ", rank);
    for (int file = 0; file < JQ_FILES; file++)
      print_piece(out, pos->board[jq_square_make(file, rank)], chinese, colour);
    fprintf(out, " %d\n", rank);
    if (rank == 5)
      fputs(chinese ? "   ～～～～～～～～～\n" : "   ~~~~~~~~~~~~~~~~~\n",
            out);
  }
  print_file_labels(out, chinese);

  fprintf(out, "%s to move%s\n", pos->side == JQ_RED ? "Red" : "Black",
          jq_position_in_check(pos) ? " (in check)" : "");
  if (jq_position_is_jieqi(pos)) {
    fputs("Hidden: ", out);
    print_pool(out, pos, JQ_RED);
    fputs(", ", out);
    print_pool(out, pos, JQ_BLACK);
    fputc('\n', out);
  }
  print_captures(out, pos);
  char fen[JQ_FEN_MAX];
  jq_cli_position_fen(pos, fen);
  fprintf(out, "FEN: %s\n", fen);
}

void jq_cli_print_moves(FILE *out, const JqPosition *pos) {
  JqMoveList list;
  jq_generate_legal(pos, JQ_GEN_ALL, &list);
  for (int i = 0; i < list.count; i++) {
    JqMove m = list.moves[i];
    char coords[JQ_COORDS_MAX], wxf[JQ_WXF_MAX], chinese[JQ_CHINESE_MAX];
    jq_move_to_coords(m, coords);
    if (jq_move_to_wxf(pos, m, wxf) == 0)
      g_strlcpy(wxf, "-", sizeof wxf);
    if (jq_move_to_chinese(pos, m, JQ_NO_TYPE, JQ_CHARSET_SIMPLIFIED, chinese,
                           sizeof chinese) == 0)
      g_strlcpy(chinese, "-", sizeof chinese);
    /* Chinese last: its width in a terminal is not its length in bytes. */
    fprintf(out, "%-5s %-5s %s\n", coords, wxf, chinese);
  }
}

/* Options shared by `show` and `moves`. */
typedef struct {
  char *fen;
  char *variant;
  gboolean chinese;
} ShowOptions;

static int parse_position_args(const char *command, const char *summary,
                               bool with_chinese, int argc, char **argv,
                               JqPosition *pos, ShowOptions *opts) {
  GOptionEntry entries[] = {
      {"fen", 'f', 0, G_OPTION_ARG_STRING, &opts->fen,
       "Position to use (any FEN dialect; default: the start position)", "F"},
      {"variant", 'v', 0, G_OPTION_ARG_STRING, &opts->variant,
       "xiangqi or jieqi (default: from the FEN, else xiangqi)", "V"},
      {"chinese", 'c', 0, G_OPTION_ARG_NONE, &opts->chinese,
       "Draw pieces as Chinese characters", NULL},
      G_OPTION_ENTRY_NULL,
  };
  if (!with_chinese)
    entries[2] = (GOptionEntry)G_OPTION_ENTRY_NULL;
  g_autofree char *usage = g_strdup_printf("%s [--fen F]", command);
  GOptionContext *ctx = g_option_context_new(usage);
  g_option_context_set_summary(ctx, summary);
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  bool ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);
  if (!ok) {
    int rc = jq_cli_usage_error(command, "%s", error->message);
    g_error_free(error);
    return rc;
  }
  if (argc > 1)
    return jq_cli_usage_error(command, "unexpected argument '%s'", argv[1]);

  JqFenVariant variant = JQ_FEN_VARIANT_AUTO;
  if (opts->variant && !jq_cli_parse_variant(opts->variant, &variant))
    return jq_cli_usage_error(command, "unknown variant '%s'", opts->variant);
  if (opts->fen) {
    JqError err;
    if (!jq_fen_parse(opts->fen, variant, pos, &err))
      return jq_cli_usage_error(command, "bad FEN: %s", err.message);
  } else {
    jq_position_init_start(pos, variant == JQ_FEN_VARIANT_JIEQI
                                    ? JQ_VARIANT_JIEQI
                                    : JQ_VARIANT_XIANGQI);
  }
  return 0;
}

int jq_cli_show(int argc, char **argv) {
  ShowOptions opts = {0};
  JqPosition *pos = g_new0(JqPosition, 1);
  int rc = parse_position_args(
      "show", "Print the board, side to move, hidden pools and FEN.", true,
      argc, argv, pos, &opts);
  if (rc == 0)
    jq_cli_print_board(stdout, pos, opts.chinese);
  g_free(opts.fen);
  g_free(opts.variant);
  g_free(pos);
  return rc;
}

int jq_cli_moves(int argc, char **argv) {
  ShowOptions opts = {0};
  JqPosition *pos = g_new0(JqPosition, 1);
  int rc = parse_position_args(
      "moves",
      "Print the legal moves of a position, one a line: coordinates, WXF "
      "and Chinese.",
      false, argc, argv, pos, &opts);
  if (rc == 0)
    jq_cli_print_moves(stdout, pos);
  g_free(opts.fen);
  g_free(opts.variant);
  g_free(pos);
  return rc;
}
