/* Test-only hooks: a test holds a thread at a named point to make an
 * ordering between the command loop and the search thread certain instead
 * of likely. Nothing but a test sets one; unset, a point costs a load. */
#include "jq-uci-private.h"

static JqUciHook hook;
static void *hook_data;

void jq_uci_set_test_hook(JqUciHook fn, void *data) {
  hook = fn;
  hook_data = data;
}

void jq_uci_hook(JqUciHookPoint point) {
  if (hook)
    hook(point, hook_data);
}
