/* The error domain of network play. */
#include "jq-net-error.h"

G_DEFINE_QUARK(jq - net - error - quark, jq_net_error)
