/* jieqi-cli: command-line tools over the rules core (perft, move lists,
 * boards, terminal play). Each subcommand parses its own options. */
#include "jq-cli.h"

#include <glib.h>
#include <locale.h>
#include <string.h>

#ifndef JQ_VERSION
#define JQ_VERSION "unknown"
#endif

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
    {"perft", jq_cli_perft,
     "count leaf nodes to a depth (move generator check)"},
    {"moves", jq_cli_moves, "list the legal moves of a position"},
    {"show", jq_cli_show, "print a position as a board"},
    {"play", jq_cli_play, "play in the terminal (people or a random mover)"},
    {"uci", jq_cli_uci, "run the engine with the UCI protocol (for GUIs)"},
    {"match", jq_cli_match, "play two AIs or UCI engines against each other"},
    {"bench", jq_cli_bench,
     "search fixed positions: node count (signature) and speed"},
#ifdef JQ_HAVE_NET
    {"host", jq_cli_host, "host a game over the network"},
    {"join", jq_cli_join, "join a game over the network"},
#endif
};

static void print_usage(FILE *out) {
  fputs("Usage: jieqi-cli COMMAND [OPTION...]\n"
        "Xiangqi and jieqi tools.\n\nCommands:\n",
        out);
  for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
    fprintf(out, "  %-7s %s\n", commands[i].name, commands[i].summary);
  fputs("\nOptions:\n"
        "  -h, --help     show this help\n"
        "  -V, --version  show the version\n"
        "\n'jieqi-cli COMMAND --help' describes a command.\n",
        out);
}

int main(int argc, char **argv) {
  setlocale(LC_ALL, "");
  g_set_prgname("jieqi-cli");
  if (argc < 2) {
    print_usage(stderr);
    return JQ_CLI_EXIT_USAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 ||
      strcmp(name, "help") == 0) {
    print_usage(stdout);
    return 0;
  }
  if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0) {
    printf("jieqi-cli %s\n", JQ_VERSION);
    return 0;
  }
  for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
    if (strcmp(name, commands[i].name) == 0)
      return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "jieqi-cli: unknown command '%s'\n", name);
  print_usage(stderr);
  return JQ_CLI_EXIT_USAGE;
}
