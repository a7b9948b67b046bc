/* `uci`: the engine, speaking UCI on stdin and stdout as jieqi-engine
 * does, for GUIs that are pointed at jieqi-cli. */
#include "jq-cli.h"

#include <signal.h>
#include <string.h>

#include "jq-uci.h"

int jq_cli_uci(int argc, char **argv) {
  if (argc == 2 &&
      (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
    puts("Usage: jieqi-cli uci\n"
         "Run the engine with the UCI protocol on standard input and "
         "output\n(the same as jieqi-engine). Type 'quit' to leave.");
    return 0;
  }
  if (argc > 1)
    return jq_cli_usage_error("uci", "takes no arguments");
  /* A GUI that goes away ends the loop through a failed write. */
  signal(SIGPIPE, SIG_IGN);
  return jq_uci_run(stdin, stdout);
}
