/* jieqi-engine: the engine for GUIs, speaking UCI on stdin and stdout. */
#include <signal.h>
#include <stdio.h>

#include "jq-uci.h"

int main(void) {
  /* A GUI that goes away should end the engine through a failed write,
   * not a signal. */
  signal(SIGPIPE, SIG_IGN);
  return jq_uci_run(stdin, stdout);
}
