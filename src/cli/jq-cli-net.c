/* `host` and `join`: a game over the network from the command line, with
 * a person typing moves or one of our AIs (or a UCI engine) playing
 * through its side's view, as in `match`. The moves are printed as the
 * session plays them (ours too: a refused move is not printed, and a
 * jieqi move only once the peer's share opened what it turned over) and
 * the last line is "result: SCORE (REASON)". A person is also shown what
 * each move turned up and the board, from our side's view only; the exit
 * status is 0 only when the game ended normally. Jieqi is dealt by both
 * sides together (src/net/jq-fair-deal.h): at its end the check of the
 * deal is printed as "fair: yes" or "fair: NO — why" just before the
 * result line, and a failed check makes the exit status 1. The --pgn file
 * is written after every move with only what this side knows, and holds
 * the whole deal only once the game has ended and the deal checked. */
#include "jq-cli.h"

#include <gio/gio.h>
#include <gio/gunixinputstream.h>
#include <inttypes.h>
#include <string.h>

#include "jq-cli-options.h"
#include "jq-fen.h"
#include "jq-match-player.h"
#include "jq-match.h"
#include "jq-net-error.h"
#include "jq-net-session.h"
#include "jq-net-transport.h"
#include "jq-notation.h"
#include "jq-pgn.h"

typedef struct {
  const char *command;
  gboolean is_host;
  JqNetSession *session;
  GSocketService *service;
  GMainLoop *loop;
  JqNetParams params;
  char *name, *code, *pgn_path;
  JqPlayerSpec spec;
  gboolean human;
  gboolean chinese; /* a person's board drawn in Chinese characters */
  JqMatchPlayer *player;
  JqVariant player_variant; /* what the player was made for */
  gboolean thinking;
  int exit_code;
  GDataInputStream *input;
  GCancellable *cancel;
  /* A dropped connection: where to listen again (host) or connect again
   * (join), and for how long. */
  char *address, *target;
  guint16 port;
  GSocketClient *client;
  guint resume_wait_s, wait_source, retry_source;
  gboolean paused;
} NetCli;

/* An AI moves no sooner than this after its turn began: one move message
 * per 50 ms leaves room for the shares under the peer's rate limit (50
 * messages a second after a burst of 200), however fast the AI is. */
#define MIN_MOVE_MS 50

static const char *color_name(JqColor c) {
  return c == JQ_RED ? "Red" : "Black";
}

/* ---- The AI's turn, in a worker thread so pings are still answered. */

typedef struct {
  JqMatchPlayer *player;
  JqPosition view;
  char base_fen[JQ_FEN_MAX];
  GArray *moves;
  JqTurnLimits limits;
  int64_t timeout_ms;
  int ply;
  JqMove move;
  JqTurnStatus status;
  char detail[200];
  gint64 started;
} Think;

static void think_free(gpointer data) {
  Think *t = data;
  g_array_unref(t->moves);
  g_free(t);
}

static void think_thread(GTask *task, gpointer source, gpointer data,
                         GCancellable *cancel) {
  Think *t = data;
  JqPlayerTurn turn = {
      .view = &t->view,
      .base_fen = t->base_fen,
      .base_is_startpos = strcmp(t->base_fen, JQ_START_FEN_XIANGQI) == 0,
      .moves = (const JqMove *)(void *)t->moves->data,
      .move_count = (int)t->moves->len,
      .limits = &t->limits,
      .timeout_ms = t->timeout_ms,
  };
  t->status = jq_match_player_think(t->player, &turn, &t->move, t->detail,
                                    sizeof t->detail);
  gint64 wait_us = t->started + MIN_MOVE_MS * 1000 - g_get_monotonic_time();
  if (wait_us > 0)
    g_usleep((gulong)wait_us);
  g_task_return_boolean(task, TRUE);
}

static void print_move(NetCli *cli, int ply, JqColor side, JqMove move,
                       const char *who) {
  char coords[JQ_COORDS_MAX];
  jq_move_to_coords(move, coords);
  printf("%d. %s %s (%s)\n", ply + 1, color_name(side), coords, who);
  fflush(stdout);
}

/* ---- What a person at the terminal is shown: our side's view only, so
 * the peer's hidden pieces stay hidden and a captured hidden piece shows
 * only when the disclosure rule told us what it was. */

static JqPosition *our_view(NetCli *cli) {
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_view(jq_net_session_game(cli->session),
               jq_net_session_color(cli->session), view);
  return view;
}

static void show_board(NetCli *cli) {
  JqPosition *view = our_view(cli);
  fputc('\n', stdout);
  jq_cli_print_board(stdout, view, cli->chinese);
  g_free(view);
  fflush(stdout);
}

/* What the move just played turned up, as `play` words it. */
static void show_reveal(NetCli *cli) {
  const JqGame *game = jq_net_session_game(cli->session);
  if (jq_game_variant(game) != JQ_VARIANT_JIEQI)
    return;
  JqPosition *view = our_view(cli);
  JqCliReveal r;
  if (jq_cli_last_reveal(view, &r))
    jq_cli_print_reveal(stdout, &r, jq_game_disclosure(game));
  g_free(view);
  fflush(stdout);
}

static void show_help(void) {
  puts("Type a move in coordinates, WXF or Chinese notation: h2e2, C2.5 or\n"
       "炮二平五 (coordinates: from-square then to-square, files a..i from\n"
       "Red's left, ranks 0..9 from Red's side). Commands:\n"
       "  board      show the board as we know it\n"
       "  fen        print that position as FEN\n"
       "  resign     give up the game\n"
       "  draw       offer a draw, or accept the one offered\n"
       "  takeback   ask to take back a move, or accept the request\n"
       "  no         decline the draw or take-back offered\n"
       "  chat TEXT  say TEXT to the other player\n"
       "  help       this text\n"
       "The end of input leaves the game.");
  fflush(stdout);
}

static void take_turn(NetCli *cli);

static void think_done(GObject *source, GAsyncResult *res, gpointer data) {
  NetCli *cli = data;
  Think *t = g_task_get_task_data(G_TASK(res));
  cli->thinking = FALSE;
  const JqGame *game = jq_net_session_game(cli->session);
  if (jq_net_session_state(cli->session) != JQ_NET_STATE_PLAYING ||
      jq_game_move_count(game) != t->ply)
    return; /* the game moved on (a take-back, the end) meanwhile */
  if (t->status != JQ_TURN_MOVED) {
    fprintf(stderr, "jieqi-cli %s: our player could not move (%s): resigning\n",
            cli->command, t->detail);
    jq_net_session_resign(cli->session, NULL);
    return;
  }
  if (!jq_game_is_legal(game, t->move)) {
    fprintf(stderr, "jieqi-cli %s: our player's move is illegal: resigning\n",
            cli->command);
    jq_net_session_resign(cli->session, NULL);
    return;
  }
  /* Printed when the session plays it (on_own_move), never when refused.
   * A move of ours that waits for its shares (resumed with it, the turn
   * looked ours) is still to be played: this one is not wanted. */
  GError *error = NULL;
  if (jq_net_session_move(cli->session, t->move, &error))
    return;
  const JqNetErrorArgs *args = jq_net_error_args(error);
  if (!args || args->detail != JQ_NET_DETAIL_SHARE_OWED)
    fprintf(stderr, "jieqi-cli %s: our player's move was refused: %s\n",
            cli->command, error->message);
  g_error_free(error);
}

/* What an engine is told, as in match: xiangqi, the whole game; jieqi,
 * our view at the last move that turned up or took a hidden piece (a
 * plain move cannot say what it learnt), and the moves since. */
static void turn_history(const JqGame *game, JqColor side, Think *t) {
  int count = jq_game_move_count(game), base = 0;
  g_strlcpy(t->base_fen, jq_game_initial_fen(game), sizeof t->base_fen);
  if (jq_game_variant(game) == JQ_VARIANT_JIEQI) {
    for (base = count; base > 0; base--) {
      JqGameMove gm = jq_game_move_at(game, base - 1);
      if (gm.reveal.mover != JQ_NO_TYPE || gm.reveal.captured != JQ_NO_TYPE)
        break;
    }
    JqGame *then = jq_game_copy(game);
    if (!then)
      base = 0; /* out of memory: the start, and every move since */
    else {
      for (int i = count; i > base; i--)
        jq_game_undo(then);
      JqPosition *view = g_new(JqPosition, 1);
      jq_game_view(then, side, view);
      jq_fen_write(view, JQ_FEN_JIEQIBOX, t->base_fen, sizeof t->base_fen);
      g_free(view);
      jq_game_free(then);
    }
  }
  t->moves = g_array_new(FALSE, FALSE, sizeof(JqMove));
  for (int i = base; i < count; i++) {
    JqMove m = jq_game_move_at(game, i).move;
    g_array_append_val(t->moves, m);
  }
}

static void ai_turn(NetCli *cli) {
  const JqGame *game = jq_net_session_game(cli->session);
  JqColor side = jq_net_session_color(cli->session);
  Think *t = g_new0(Think, 1);
  t->player = cli->player;
  jq_game_view(game, side, &t->view);
  turn_history(game, side, t);
  t->ply = jq_game_move_count(game);
  t->limits.time_ms[0] = t->limits.time_ms[1] = -1;
  if (cli->params.movetime_ms > 0) {
    t->limits.movetime_ms = cli->params.movetime_ms;
  } else if (cli->params.base_ms > 0) {
    /* The session runs both clocks (a flag falls there). */
    for (int c = 0; c < 2; c++)
      t->limits.time_ms[c] =
          MAX(jq_net_session_clock_ms(cli->session, (JqColor)c), 1);
    t->limits.inc_ms[0] = t->limits.inc_ms[1] = cli->params.inc_ms;
    t->limits.movestogo = cli->params.movestogo;
  } else {
    t->limits.movetime_ms = 1000;
  }
  t->timeout_ms = INT64_C(600000);
  t->started = g_get_monotonic_time();
  cli->thinking = TRUE;
  GTask *task = g_task_new(NULL, NULL, think_done, cli);
  g_task_set_task_data(task, t, think_free);
  g_task_run_in_thread(task, think_thread);
  g_object_unref(task);
}

static void take_turn(NetCli *cli) {
  const JqGame *game = jq_net_session_game(cli->session);
  if (jq_net_session_state(cli->session) != JQ_NET_STATE_PLAYING ||
      jq_game_is_over(game) ||
      jq_game_side_to_move(game) != jq_net_session_color(cli->session))
    return;
  if (cli->human) {
    show_board(cli);
    printf("your move (or resign, draw, takeback, chat TEXT, board, fen, "
           "help):\n");
    fflush(stdout);
  } else if (!cli->thinking) {
    ai_turn(cli);
  }
}

/* ---- A person at the terminal */

static void read_line(NetCli *cli);

static void human_command(NetCli *cli, const char *line) {
  GError *error = NULL;
  gboolean ok = TRUE;
  if (strcmp(line, "resign") == 0) {
    ok = jq_net_session_resign(cli->session, &error);
  } else if (strcmp(line, "draw") == 0) {
    ok = jq_net_session_draw_offered(cli->session)
             ? jq_net_session_answer_draw(cli->session, TRUE, &error)
             : jq_net_session_offer_draw(cli->session, &error);
  } else if (strcmp(line, "takeback") == 0) {
    ok = jq_net_session_takeback_requested(cli->session)
             ? jq_net_session_answer_takeback(cli->session, TRUE, &error)
             : jq_net_session_request_takeback(cli->session, &error);
  } else if (strcmp(line, "no") == 0) {
    if (jq_net_session_draw_offered(cli->session))
      ok = jq_net_session_answer_draw(cli->session, FALSE, &error);
    else
      ok = jq_net_session_answer_takeback(cli->session, FALSE, &error);
  } else if (g_str_has_prefix(line, "chat ")) {
    ok = jq_net_session_chat(cli->session, line + 5, &error);
  } else if (strcmp(line, "help") == 0) {
    show_help();
  } else if (line[0] && !jq_net_session_game(cli->session)) {
    /* No view to show or read a move in until the handshake is done. */
    fprintf(stderr, "the game has not begun yet\n");
  } else if (strcmp(line, "board") == 0) {
    show_board(cli);
  } else if (strcmp(line, "fen") == 0) {
    JqPosition *view = our_view(cli);
    char fen[JQ_FEN_MAX];
    jq_cli_position_fen(view, fen);
    g_free(view);
    puts(fen);
    fflush(stdout);
  } else if (line[0]) {
    const JqGame *game = jq_net_session_game(cli->session);
    JqColor side = jq_net_session_color(cli->session);
    JqPosition view;
    jq_game_view(game, side, &view);
    JqMove move;
    JqError err;
    if (!jq_notation_parse_any(&view, line, &move, NULL, &err)) {
      fprintf(stderr, "%s\n", err.message);
      return;
    }
    /* Printed when the session plays it (on_own_move): a refused move
     * never is. */
    ok = jq_net_session_move(cli->session, move, &error);
  }
  if (!ok) {
    fprintf(stderr, "%s\n", error->message);
    g_error_free(error);
  }
}

static void line_read(GObject *source, GAsyncResult *res, gpointer data) {
  NetCli *cli = data;
  GError *error = NULL;
  char *line = g_data_input_stream_read_line_finish_utf8(
      G_DATA_INPUT_STREAM(source), res, NULL, &error);
  if (error) {
    if (!g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      fprintf(stderr, "jieqi-cli %s: %s\n", cli->command, error->message);
    g_error_free(error);
    return;
  }
  if (!line) { /* end of input: the player quits, the game unfinished */
    if (cli->session)
      jq_net_session_abandon(cli->session, NULL, "the player left", NULL);
    else
      fprintf(stderr,
              "jieqi-cli %s: the input ended before a game began; "
              "nothing was played\n",
              cli->command);
    g_main_loop_quit(cli->loop);
    return;
  }
  if (cli->session)
    human_command(cli, g_strstrip(line));
  g_free(line);
  read_line(cli);
}

static void read_line(NetCli *cli) {
  g_data_input_stream_read_line_async(cli->input, G_PRIORITY_DEFAULT,
                                      cli->cancel, line_read, cli);
}

/* ---- The session's signals */

/* The game as this side knows it: the file is read by us alone, so it
 * may hold what we learnt (captures the disclosure rule told us), never
 * the deal before it checked (the session's game then holds stand-ins). */
static gboolean write_pgn(NetCli *cli) {
  const JqGame *game = jq_net_session_game(cli->session);
  if (!game || !cli->pgn_path)
    return TRUE;
  JqColor us = jq_net_session_color(cli->session);
  JqPgnInfo info;
  jq_pgn_info_init(&info);
  info.event = "jieqi-cli network game";
  info.red = us == JQ_RED ? cli->name : jq_net_session_peer_name(cli->session);
  info.black =
      us == JQ_RED ? jq_net_session_peer_name(cli->session) : cli->name;
  info.reader = us;
  info.keep_secrets = jq_net_session_fairness(cli->session) != JQ_NET_FAIR_YES;
  char *text = jq_pgn_write(game, &info);
  GError *error = NULL;
  gboolean ok = text && g_file_set_contents(cli->pgn_path, text, -1, &error);
  if (!ok) {
    fprintf(stderr, "jieqi-cli %s: cannot write %s: %s\n", cli->command,
            cli->pgn_path, error ? error->message : "out of memory");
    g_clear_error(&error);
  }
  free(text);
  return ok;
}

static void finish(NetCli *cli) {
  if (!write_pgn(cli))
    cli->exit_code = 1;
  g_main_loop_quit(cli->loop);
}

/* The player made for the variant the host chose. */
static gboolean make_player(NetCli *cli, JqVariant variant, JqError *err) {
  if (cli->human || (cli->player && cli->player_variant == variant))
    return TRUE;
  if (cli->player)
    jq_match_player_free(cli->player);
  cli->player = jq_match_player_new(&cli->spec, variant, err);
  cli->player_variant = variant;
  return cli->player &&
         jq_match_player_new_game(cli->player, g_random_int(), err);
}

static void on_started(JqNetSession *s, NetCli *cli) {
  if (cli->service) { /* the seat is taken: stop listening */
    jq_net_stop_listening(cli->service);
    g_clear_object(&cli->service);
  }
  /* The joiner learns the variant and the clock from the host. */
  cli->params = *jq_net_session_params(s);
  JqColor us = jq_net_session_color(s);
  printf("playing %s against %s (%s) as %s\n",
         cli->params.variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi",
         jq_net_session_peer_name(s), jq_net_session_peer_program(s),
         color_name(us));
  fflush(stdout);
  JqError err;
  if (!make_player(cli, cli->params.variant, &err)) {
    fprintf(stderr, "jieqi-cli %s: our player cannot play %s: %s\n",
            cli->command,
            cli->params.variant == JQ_VARIANT_JIEQI ? "jieqi" : "xiangqi",
            err.message);
    jq_net_session_close(s, "the player cannot play this variant");
    printf("result: * (unfinished: our player cannot play this variant)\n");
    fflush(stdout);
    cli->exit_code = 1;
    finish(cli);
    return;
  }
  write_pgn(cli);
  take_turn(cli);
}

static void on_peer_move(JqNetSession *s, guint move, NetCli *cli) {
  const JqGame *game = jq_net_session_game(s);
  print_move(cli, jq_game_move_count(game) - 1,
             jq_color_other(jq_net_session_color(s)), (JqMove)move,
             jq_net_session_peer_name(s));
  if (cli->human)
    show_reveal(cli);
  if (!jq_game_is_over(game))
    write_pgn(cli);
  take_turn(cli);
}

/* Our move, now played: in jieqi only once the peer's share opened what
 * it turned over, so a move dropped meanwhile (a flag claim that crossed
 * it) is never printed. Before game-over: the result prints after it. */
static void on_own_move(JqNetSession *s, guint move, NetCli *cli) {
  const JqGame *game = jq_net_session_game(s);
  print_move(cli, jq_game_move_count(game) - 1, jq_net_session_color(s),
             (JqMove)move, cli->name);
  if (cli->human)
    show_reveal(cli);
  if (!jq_game_is_over(game))
    write_pgn(cli);
}

static void on_chat(JqNetSession *s, const char *text, NetCli *cli) {
  printf("%s says: %s\n", jq_net_session_peer_name(s), text);
  fflush(stdout);
}

static void on_draw_offered(JqNetSession *s, NetCli *cli) {
  if (cli->human) {
    printf("%s offers a draw: type draw to accept, no to decline\n",
           jq_net_session_peer_name(s));
    fflush(stdout);
  } else {
    jq_net_session_answer_draw(s, FALSE, NULL);
  }
}

static void on_takeback_requested(JqNetSession *s, NetCli *cli) {
  if (cli->human) {
    printf("%s asks to take back a move: type takeback to accept, no to "
           "decline\n",
           jq_net_session_peer_name(s));
    fflush(stdout);
  } else {
    jq_net_session_answer_takeback(s, FALSE, NULL);
  }
}

static void on_taken_back(JqNetSession *s, int plies, NetCli *cli) {
  printf("taken back: %d %s\n", plies, plies == 1 ? "move" : "moves");
  fflush(stdout);
  take_turn(cli);
}

static void print_result(NetCli *cli) {
  JqResult result = jq_game_result(jq_net_session_game(cli->session));
  char reason[128];
  printf("result: %s (%s)\n", jq_result_score_text(result),
         jq_result_reason_text(result, reason, sizeof reason));
  fflush(stdout);
}

static void on_game_over(JqNetSession *s, NetCli *cli) {
  if (cli->human) /* the final position, before the fair and result lines */
    show_board(cli);
  /* Jieqi: the result waits for the check of the deal (fair-checked). */
  if (jq_net_session_fairness(s) == JQ_NET_FAIR_WAITING)
    return;
  print_result(cli);
  cli->exit_code = 0;
  finish(cli);
}

/* "fair: yes" or "fair: NO — why", then the result when the game is over;
 * a forged share mid-game is followed by the lost connection instead. */
static void on_fair_checked(JqNetSession *s, gboolean fair, const char *message,
                            NetCli *cli) {
  if (fair)
    printf("fair: yes\n");
  else
    printf("fair: NO — %s\n", message);
  fflush(stdout);
  if (jq_net_session_state(s) != JQ_NET_STATE_OVER)
    return;
  print_result(cli);
  cli->exit_code = fair ? 0 : 1;
  finish(cli);
}

/* We stop waiting for good, and the peer is told when it can be: on the
 * connection if it is up, else a joiner connects once to say so (a host
 * has nobody to call: its joiner learns it when its own wait ends). */
static void abandon(NetCli *cli, const char *why) {
  JqNetSession *s = cli->session;
  if (!s)
    return;
  if (cli->is_host || !cli->target ||
      jq_net_session_state(s) != JQ_NET_STATE_PAUSED) {
    /* FALSE when the game is over or never began: nothing to give up. */
    jq_net_session_abandon(s, NULL, why, NULL);
    return;
  }
  /* The host may not listen again yet (its side of the drop may come
   * later than ours): for a few seconds, until someone answers. */
  GSocketClient *once = g_socket_client_new();
  g_socket_client_set_timeout(once, 3);
  gint64 until = g_get_monotonic_time() + 6 * G_USEC_PER_SEC;
  gboolean told = FALSE;
  while (!told && g_get_monotonic_time() < until) {
    GSocketConnection *conn = g_socket_client_connect_to_host(
        once, cli->target, cli->port, NULL, NULL);
    if (!conn) {
      g_usleep(200000);
      continue;
    }
    jq_net_session_abandon(s, G_IO_STREAM(conn), why, NULL);
    g_object_unref(conn);
    /* Until the peer has read it and closed. */
    gint64 wait = g_get_monotonic_time() + 3 * G_USEC_PER_SEC;
    while (jq_net_session_connected(s) && g_get_monotonic_time() < wait)
      if (!g_main_context_iteration(NULL, FALSE))
        g_usleep(10000);
    told = jq_net_session_peer_heard(s);
  }
  g_object_unref(once);
  if (!told) /* nobody to tell: given up all the same */
    jq_net_session_abandon(s, NULL, why, NULL);
}

/* The game ends unfinished, saved as such; `tell` is what the peer is
 * told of it (NULL: `why`). */
static void give_up_telling(NetCli *cli, const char *why, const char *tell) {
  g_clear_handle_id(&cli->wait_source, g_source_remove);
  g_clear_handle_id(&cli->retry_source, g_source_remove);
  cli->paused = FALSE;
  abandon(cli, tell ? tell : why);
  fprintf(stderr, "jieqi-cli %s: %s\n", cli->command, why);
  printf("result: * (unfinished: %s)\n", why);
  fflush(stdout);
  cli->exit_code = 1;
  finish(cli);
}

static void give_up(NetCli *cli, const char *why) {
  give_up_telling(cli, why, NULL);
}

static gboolean wait_expired(gpointer data) {
  NetCli *cli = data;
  cli->wait_source = 0;
  char *why = g_strdup_printf("the connection did not come back within %u s",
                              cli->resume_wait_s);
  give_up(cli, why);
  g_free(why);
  return G_SOURCE_REMOVE;
}

static void reconnected(GObject *source, GAsyncResult *res, gpointer data);

static gboolean retry_connect(gpointer data) {
  NetCli *cli = data;
  cli->retry_source = 0;
  g_socket_client_connect_to_host_async(cli->client, cli->target, cli->port,
                                        cli->cancel, reconnected, cli);
  return G_SOURCE_REMOVE;
}

/* Our paused game on a new connection; FALSE when it cannot resume. */
static gboolean try_resume(NetCli *cli, GIOStream *io) {
  GError *error = NULL;
  if (jq_net_session_resume(cli->session, io, &error))
    return TRUE;
  give_up(cli, error->message);
  g_error_free(error);
  return FALSE;
}

static void reconnected(GObject *source, GAsyncResult *res, gpointer data) {
  GError *error = NULL;
  GSocketConnection *conn = g_socket_client_connect_to_host_finish(
      G_SOCKET_CLIENT(source), res, &error);
  if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    g_error_free(error);
    return; /* the program is ending */
  }
  NetCli *cli = data;
  g_clear_error(&error);
  if (!cli->paused) {
    g_clear_object(&conn);
    return;
  }
  if (!conn) { /* not back yet: again in a second */
    cli->retry_source = g_timeout_add(1000, retry_connect, cli);
    return;
  }
  try_resume(cli, G_IO_STREAM(conn));
  g_object_unref(conn);
}

static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, gpointer data);

/* The connection dropped mid-game: the game waits, paused, for the joiner
 * to connect again (the host listens again meanwhile). */
static void wait_for_resume(NetCli *cli, const GError *error) {
  if (!cli->paused) {
    cli->paused = TRUE;
    printf("connection lost (%s): waiting up to %u s for the game to "
           "resume\n",
           error->message, cli->resume_wait_s);
    fflush(stdout);
    write_pgn(cli);
    cli->wait_source =
        g_timeout_add_seconds(cli->resume_wait_s, wait_expired, cli);
  } else {
    fprintf(stderr, "jieqi-cli %s: a reconnection failed: %s\n", cli->command,
            error->message);
  }
  if (cli->is_host && !cli->service) {
    GError *e = NULL;
    cli->service = jq_net_listen(cli->address, cli->port, NULL, &e);
    if (!cli->service) {
      char *why = g_strdup_printf("cannot listen again: %s", e->message);
      give_up(cli, why);
      g_free(why);
      g_error_free(e);
      return;
    }
    g_signal_connect(cli->service, "incoming", G_CALLBACK(on_incoming), cli);
  } else if (!cli->is_host && !cli->retry_source) {
    cli->retry_source = g_timeout_add(1000, retry_connect, cli);
  }
}

static void on_resumed(JqNetSession *s, NetCli *cli) {
  cli->paused = FALSE;
  g_clear_handle_id(&cli->wait_source, g_source_remove);
  if (cli->service) {
    jq_net_stop_listening(cli->service);
    g_clear_object(&cli->service);
  }
  printf("resumed at ply %d\n", jq_game_move_count(jq_net_session_game(s)));
  fflush(stdout);
  take_turn(cli);
}

static void on_lost(JqNetSession *s, const GError *error, NetCli *cli) {
  const JqGame *game = jq_net_session_game(s);
  /* A peer that said goodbye (a bye: "the peer left: ...") left on
   * purpose and will not come back; a line gone dead may. */
  gboolean left = g_error_matches(error, JQ_NET_ERROR, JQ_NET_ERROR_CLOSED) &&
                  g_str_has_prefix(error->message, "the peer left");
  if (jq_net_session_state(s) == JQ_NET_STATE_ABANDONED) {
    /* The peer gave up (on the game's connection or on one made to
     * resume it): nobody waits any more. */
    give_up(cli, error->message);
    return;
  }
  if (game && !jq_game_is_over(game) &&
      jq_net_session_state(s) == JQ_NET_STATE_PAUSED &&
      cli->resume_wait_s > 0 && (cli->paused || !left)) {
    wait_for_resume(cli, error);
    return;
  }
  if (cli->is_host && jq_net_session_state(s) == JQ_NET_STATE_FAILED &&
      cli->service) {
    /* A stranger or a typo: the seat stays free. */
    fprintf(stderr, "jieqi-cli host: refused a connection: %s\n",
            error->message);
    g_clear_object(&cli->session);
    return;
  }
  /* Ours to say why: the peer's error would mean nothing to it. */
  give_up_telling(cli, error->message,
                  "it does not wait for the connection to come back");
}

static void attach(NetCli *cli, GIOStream *io) {
  g_signal_connect(cli->session, "started", G_CALLBACK(on_started), cli);
  g_signal_connect(cli->session, "peer-move", G_CALLBACK(on_peer_move), cli);
  g_signal_connect(cli->session, "own-move", G_CALLBACK(on_own_move), cli);
  g_signal_connect(cli->session, "fair-checked", G_CALLBACK(on_fair_checked),
                   cli);
  g_signal_connect(cli->session, "peer-chat", G_CALLBACK(on_chat), cli);
  g_signal_connect(cli->session, "draw-offered", G_CALLBACK(on_draw_offered),
                   cli);
  g_signal_connect(cli->session, "takeback-requested",
                   G_CALLBACK(on_takeback_requested), cli);
  g_signal_connect(cli->session, "taken-back", G_CALLBACK(on_taken_back), cli);
  g_signal_connect(cli->session, "game-over", G_CALLBACK(on_game_over), cli);
  g_signal_connect(cli->session, "connection-lost", G_CALLBACK(on_lost), cli);
  g_signal_connect(cli->session, "resumed", G_CALLBACK(on_resumed), cli);
  jq_net_session_start(cli->session, io);
}

static gboolean on_incoming(GSocketService *service, GSocketConnection *conn,
                            GObject *source, gpointer data) {
  NetCli *cli = data;
  if (cli->session && cli->paused &&
      jq_net_session_state(cli->session) == JQ_NET_STATE_PAUSED)
    return try_resume(cli, G_IO_STREAM(conn));
  if (cli->session) /* a handshake is under way: one at a time */
    return FALSE;
  cli->session =
      jq_net_session_new_host(&cli->params, cli->name, cli->code, NULL);
  attach(cli, G_IO_STREAM(conn));
  return TRUE;
}

static void on_connected(GObject *source, GAsyncResult *res, gpointer data) {
  NetCli *cli = data;
  GError *error = NULL;
  GSocketConnection *conn = g_socket_client_connect_to_host_finish(
      G_SOCKET_CLIENT(source), res, &error);
  if (!conn) {
    fprintf(stderr, "jieqi-cli join: cannot connect: %s\n", error->message);
    g_error_free(error);
    cli->exit_code = 1;
    g_main_loop_quit(cli->loop);
    return;
  }
  attach(cli, G_IO_STREAM(conn));
  g_object_unref(conn);
}

/* ---- The command lines */

static const char *const summary_text =
    "Play a game over the network: one side hosts, the other joins.\n"
    "\n"
    "The host listens on --address (default 127.0.0.1: this machine only;\n"
    "give this machine's address on the network, or 0.0.0.0, to be\n"
    "reachable) and --port (default 0: any free port, printed), and prints\n"
    "the game code the joiner must give with --code (a random one unless\n"
    "given). A player is \"human\" (moves typed on standard input) or\n"
    "\"ai:ALGORITHM[:NAME=VALUE...]\" as in match. The moves are printed as\n"
    "they are played (\"12. Red h2e2 (NAME)\"): ours too, so a move refused\n"
    "prints only why, and a jieqi move that turns a piece over prints once\n"
    "the peer's share has opened it. The last line is\n"
    "\"result: SCORE (REASON)\". The exit status is 0 when the game ended\n"
    "normally.\n"
    "\n"
    "A person is also shown what each move turned up (\"a3 revealed as a\n"
    "chariot\", and a captured hidden piece when the disclosure rule tells\n"
    "us what it was) and, before each of its moves and at the end, the board\n"
    "as our side knows it (--chinese: in Chinese characters); the peer's\n"
    "face-down pieces stay face-down. At the prompt: a move, resign, draw,\n"
    "takeback, no, chat TEXT, board, fen (our view's FEN) or help.\n"
    "\n"
    "Jieqi is dealt by both sides together, so that neither can know a hidden\n"
    "piece before it is turned up. When the game ends both check the whole\n"
    "deal and print \"fair: yes\" or \"fair: NO — WHY\" just before the\n"
    "result line; a failed check makes the exit status 1. The --pgn file is\n"
    "written after every move with only what this side knows; the whole\n"
    "deal is in it only once the game has ended and the deal checked.\n"
    "\n"
    "When the connection drops mid-game, both sides wait --resume-wait\n"
    "seconds: the host listens again, the joiner connects again, and the\n"
    "game resumes where it was; otherwise it ends unfinished. A side that\n"
    "stops waiting, or quits mid-game, tells the other (a joiner connects\n"
    "once to say so), which then stops waiting too.";

/* The joiner's player is made for xiangqi first, to check the spec, and
 * again at the start when the host chose jieqi. */
static gboolean parse_player(NetCli *cli, const char *text, JqVariant variant) {
  if (!text || strcmp(text, "human") == 0) {
    cli->human = TRUE;
    return TRUE;
  }
  if (!jq_cli_option_player(cli->command, "--player", text, &cli->spec))
    return FALSE;
  JqError err;
  if (!make_player(cli, variant, &err)) {
    jq_cli_usage_error(cli->command, "--player: %s", err.message);
    return FALSE;
  }
  return TRUE;
}

/* --resume-wait: whole seconds, 180 when not given. */
static gboolean parse_wait(const char *text, guint *out) {
  guint64 s = 180;
  if (text && !g_ascii_string_to_unsigned(text, 10, 0, 3600, &s, NULL))
    return FALSE;
  *out = (guint)s;
  return TRUE;
}

/* Who learns a captured hidden piece (rules.md section 3). */
static gboolean parse_disclosure(const char *text, JqDisclosure *out) {
  static const struct {
    const char *name;
    JqDisclosure rule;
  } rules[] = {{"captor", JQ_DISCLOSE_CAPTOR},
               {"nobody", JQ_DISCLOSE_NOBODY},
               {"both", JQ_DISCLOSE_BOTH}};
  for (size_t i = 0; i < G_N_ELEMENTS(rules); i++) {
    if (strcmp(text, rules[i].name) == 0) {
      *out = rules[i].rule;
      return TRUE;
    }
  }
  return FALSE;
}

static int run(NetCli *cli) {
  cli->loop = g_main_loop_new(NULL, FALSE);
  cli->cancel = g_cancellable_new();
  if (cli->human) {
    GInputStream *in = g_unix_input_stream_new(0, FALSE);
    cli->input = g_data_input_stream_new(in);
    g_object_unref(in);
    read_line(cli);
  }
  cli->exit_code = 1;
  g_main_loop_run(cli->loop);
  g_cancellable_cancel(cli->cancel);
  /* A move being thought about is left to end with the process. A game
   * that is not over is given up, and the peer told so. */
  if (cli->session &&
      !jq_net_session_abandon(cli->session, NULL, "the program ended", NULL))
    jq_net_session_close(cli->session, "the program ended");
  /* Let the goodbye go out; a leave, until the peer has read it and
   * closed (at most 3 s). */
  for (int i = 0; i < 100 && g_main_context_pending(NULL); i++)
    g_main_context_iteration(NULL, FALSE);
  gint64 until = g_get_monotonic_time() + 3 * G_USEC_PER_SEC;
  while (cli->session && jq_net_session_connected(cli->session) &&
         g_get_monotonic_time() < until) {
    if (!g_main_context_iteration(NULL, FALSE))
      g_usleep(10000);
  }
  return cli->exit_code;
}

static void cli_clear(NetCli *cli) {
  /* A think still running reads the player and its spec: let it end (its
   * own time limit bounds it) before they go. Its answer finds the game
   * no longer playing and is dropped. */
  while (cli->thinking)
    g_main_context_iteration(NULL, TRUE);
  g_clear_object(&cli->session);
  if (cli->service) {
    jq_net_stop_listening(cli->service);
    g_clear_object(&cli->service);
  }
  g_clear_handle_id(&cli->wait_source, g_source_remove);
  g_clear_handle_id(&cli->retry_source, g_source_remove);
  g_clear_object(&cli->client);
  g_clear_object(&cli->input);
  g_clear_object(&cli->cancel);
  g_free(cli->address);
  g_free(cli->target);
  if (cli->loop)
    g_main_loop_unref(cli->loop);
  if (cli->player)
    jq_match_player_free(cli->player);
  jq_player_spec_clear(&cli->spec);
}

int jq_cli_host(int argc, char **argv) {
  char *port_text = NULL, *address = NULL, *variant_text = NULL;
  char *code = NULL, *player = NULL, *movetime_text = NULL, *tc_text = NULL;
  char *pgn = NULL, *name = NULL, *color_text = NULL, *disclosure = NULL;
  char *wait_text = NULL;
  gboolean chinese = FALSE;
  GOptionEntry entries[] = {
      {"port", 'p', 0, G_OPTION_ARG_STRING, &port_text,
       "Port to listen on (default: 0, any free port)", "P"},
      {"address", 'a', 0, G_OPTION_ARG_STRING, &address,
       "IP address to listen on (default: 127.0.0.1)", "A"},
      {"variant", 'v', 0, G_OPTION_ARG_STRING, &variant_text,
       "xiangqi (default) or jieqi", "V"},
      {"disclosure", 0, 0, G_OPTION_ARG_STRING, &disclosure,
       "Jieqi: who learns a captured hidden piece: captor (default), nobody "
       "or both",
       "RULE"},
      {"code", 'c', 0, G_OPTION_ARG_STRING, &code,
       "Game code the joiner must give (default: a random one)", "C"},
      {"player", 0, 0, G_OPTION_ARG_STRING, &player,
       "human (default) or ai:ALGORITHM[:OPT=V...]", "SPEC"},
      {"color", 0, 0, G_OPTION_ARG_STRING, &color_text,
       "The host's colour: red (default), black or random", "C"},
      {"movetime", 0, 0, G_OPTION_ARG_STRING, &movetime_text,
       "Milliseconds per move", "MS"},
      {"tc", 0, 0, G_OPTION_ARG_STRING, &tc_text,
       "Clock: [MOVES/]BASE[+INC] in seconds", "TC"},
      {"pgn", 0, 0, G_OPTION_ARG_FILENAME, &pgn,
       "Write the game to this PGN file as it is played", "FILE"},
      {"name", 0, 0, G_OPTION_ARG_STRING, &name, "Our name (default: Host)",
       "NAME"},
      {"resume-wait", 0, 0, G_OPTION_ARG_STRING, &wait_text,
       "Seconds a dropped game waits for the joiner to reconnect (default "
       "180; 0: none)",
       "S"},
      {"chinese", 0, 0, G_OPTION_ARG_NONE, &chinese,
       "A human player's board in Chinese characters", NULL},
      {NULL},
  };
  GOptionContext *ctx = g_option_context_new("host");
  g_option_context_set_summary(ctx, summary_text);
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);
  NetCli cli = {.command = "host", .is_host = TRUE, .chinese = chinese};
  int rc = 0;
  guint64 port = 0;
  JqTimeControl tc;
  cli.params.variant = JQ_VARIANT_XIANGQI;
  if (!ok) {
    rc = jq_cli_usage_error("host", "%s", error->message);
  } else if (argc > 1) {
    rc = jq_cli_usage_error("host", "unexpected argument '%s'", argv[1]);
  } else if (port_text && !g_ascii_string_to_unsigned(port_text, 10, 0, 65535,
                                                      &port, NULL)) {
    rc = jq_cli_usage_error("host", "--port must be 0 to 65535");
  } else if (variant_text && !jq_cli_option_variant("host", variant_text,
                                                    &cli.params.variant)) {
    rc = JQ_CLI_EXIT_USAGE;
  } else if (disclosure &&
             !parse_disclosure(disclosure, &cli.params.disclosure)) {
    rc = jq_cli_usage_error(
        "host", "unknown disclosure rule '%s' (captor, nobody, both)",
        disclosure);
  } else if (disclosure && cli.params.variant != JQ_VARIANT_JIEQI) {
    rc = jq_cli_usage_error("host", "--disclosure is for jieqi");
  } else if (movetime_text && tc_text) {
    rc = jq_cli_usage_error("host", "give only one of --tc and --movetime");
  } else if (tc_text && !jq_cli_option_tc("host", tc_text, &tc)) {
    rc = JQ_CLI_EXIT_USAGE;
  } else if (movetime_text &&
             !jq_cli_option_movetime("host", movetime_text,
                                     &cli.params.movetime_ms)) {
    rc = JQ_CLI_EXIT_USAGE;
  } else if (!parse_wait(wait_text, &cli.resume_wait_s)) {
    rc = jq_cli_usage_error("host", "--resume-wait must be 0 to 3600 seconds");
  } else if (color_text && strcmp(color_text, "red") != 0 &&
             strcmp(color_text, "black") != 0 &&
             strcmp(color_text, "random") != 0) {
    rc = jq_cli_usage_error("host", "--color must be red, black or random");
  }
  if (rc == 0) {
    cli.params.host_color = JQ_RED;
    if (color_text && strcmp(color_text, "black") == 0)
      cli.params.host_color = JQ_BLACK;
    else if (color_text && strcmp(color_text, "random") == 0)
      cli.params.host_color = g_random_boolean() ? JQ_RED : JQ_BLACK;
    if (tc_text) {
      cli.params.base_ms = tc.base_ms;
      cli.params.inc_ms = tc.inc_ms;
      cli.params.movestogo = tc.moves;
    }
    cli.name = g_strdup(name ? name : "Host");
    cli.code = code ? g_strdup(code)
                    : g_strdup_printf("%06u", g_random_int_range(0, 1000000));
    cli.pgn_path = pgn;
    /* The name and code are checked as a session would. */
    JqNetSession *probe =
        jq_net_session_new_host(&cli.params, cli.name, cli.code, &error);
    if (!probe)
      rc = jq_cli_usage_error("host", "%s", error->message);
    g_clear_object(&probe);
  }
  if (rc == 0 && !parse_player(&cli, player, cli.params.variant))
    rc = JQ_CLI_EXIT_USAGE;
  if (rc == 0) {
    guint16 bound = 0;
    cli.service = jq_net_listen(address ? address : "127.0.0.1", (guint16)port,
                                &bound, &error);
    if (!cli.service) {
      fprintf(stderr, "jieqi-cli host: cannot listen: %s\n", error->message);
      rc = 1;
    } else {
      g_signal_connect(cli.service, "incoming", G_CALLBACK(on_incoming), &cli);
      cli.address = g_strdup(address ? address : "127.0.0.1");
      cli.port = bound;
      printf("listening on %s port %u\n", address ? address : "127.0.0.1",
             bound);
      if (address &&
          (strcmp(address, "0.0.0.0") == 0 || strcmp(address, "::") == 0)) {
        char **list = jq_net_local_addresses();
        for (char **a = list; *a; a++)
          printf("this machine's address: %s\n", *a);
        g_strfreev(list);
      }
      printf("game code: %s\n", cli.code);
      fflush(stdout);
      rc = run(&cli);
    }
  }
  g_clear_error(&error);
  cli_clear(&cli);
  g_free(cli.name);
  g_free(cli.code);
  g_free(port_text);
  g_free(address);
  g_free(variant_text);
  g_free(code);
  g_free(player);
  g_free(movetime_text);
  g_free(tc_text);
  g_free(pgn);
  g_free(name);
  g_free(color_text);
  g_free(disclosure);
  g_free(wait_text);
  return rc;
}

int jq_cli_join(int argc, char **argv) {
  char *code = NULL, *player = NULL, *pgn = NULL, *name = NULL;
  char *wait_text = NULL;
  gboolean chinese = FALSE;
  GOptionEntry entries[] = {
      {"code", 'c', 0, G_OPTION_ARG_STRING, &code,
       "The game code the host printed", "C"},
      {"player", 0, 0, G_OPTION_ARG_STRING, &player,
       "human (default) or ai:ALGORITHM[:OPT=V...]", "SPEC"},
      {"pgn", 0, 0, G_OPTION_ARG_FILENAME, &pgn,
       "Write the game to this PGN file as it is played", "FILE"},
      {"name", 0, 0, G_OPTION_ARG_STRING, &name, "Our name (default: Guest)",
       "NAME"},
      {"resume-wait", 0, 0, G_OPTION_ARG_STRING, &wait_text,
       "Seconds to keep reconnecting after the connection drops (default "
       "180; 0: none)",
       "S"},
      {"chinese", 0, 0, G_OPTION_ARG_NONE, &chinese,
       "A human player's board in Chinese characters", NULL},
      {NULL},
  };
  GOptionContext *ctx = g_option_context_new("HOST:PORT");
  g_option_context_set_summary(ctx, summary_text);
  g_option_context_add_main_entries(ctx, entries, NULL);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(ctx, &argc, &argv, &error);
  g_option_context_free(ctx);
  NetCli cli = {.command = "join", .chinese = chinese};
  int rc = 0;
  char *host = NULL;
  guint16 port = 0;
  if (!ok)
    rc = jq_cli_usage_error("join", "%s", error->message);
  else if (argc != 2)
    rc = jq_cli_usage_error("join", "give the host as HOST:PORT");
  else if (!jq_net_parse_host_port(argv[1], &host, &port, &error))
    rc = jq_cli_usage_error("join", "%s", error->message);
  else if (!parse_wait(wait_text, &cli.resume_wait_s))
    rc = jq_cli_usage_error("join", "--resume-wait must be 0 to 3600 seconds");
  if (rc == 0) {
    cli.name = g_strdup(name ? name : "Guest");
    cli.code = g_strdup(code ? code : "");
    cli.pgn_path = pgn;
    cli.session = jq_net_session_new_join(cli.name, cli.code, &error);
    if (!cli.session)
      rc = jq_cli_usage_error("join", "%s", error->message);
  }
  if (rc == 0 && !parse_player(&cli, player, JQ_VARIANT_XIANGQI))
    rc = JQ_CLI_EXIT_USAGE;
  if (rc == 0) {
    cli.client = g_socket_client_new();
    g_socket_client_set_timeout(cli.client, 30);
    cli.target = g_strdup(argv[1]);
    cli.port = port;
    g_socket_client_connect_to_host_async(cli.client, argv[1], port, NULL,
                                          on_connected, &cli);
    rc = run(&cli);
  }
  g_clear_error(&error);
  cli_clear(&cli);
  g_free(cli.name);
  g_free(cli.code);
  g_free(host);
  g_free(code);
  g_free(player);
  g_free(pgn);
  g_free(name);
  g_free(wait_text);
  return rc;
}
