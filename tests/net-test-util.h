/* Helpers shared by the network tests (test-net.c, test-net-jieqi.c):
 * bounded waits on the main context, two ends of a loopback connection,
 * what a raw peer receives (passed on to another stream, for a relay),
 * and fixed jieqi deals, so that a game is the same every run. */
#pragma once

#include <gio/gio.h>
#include <stdint.h>

/* How long a bounded wait may take before the test fails. */
#define JQ_TEST_NET_WAIT_MS 60000

/* A timeout that sets *late after `ms`, for waits of any kind; remove it
 * with g_source_remove once done. */
guint jq_test_net_guard(gboolean *late, guint ms);
/* Runs the main context until *flag (bounded: a failure after 60 s). */
void jq_test_net_run_until(const gboolean *flag);
/* Runs the main context until *value reaches want (bounded as above). */
void jq_test_net_run_until_count(const int *value, int want);

/* Two ends of a TCP connection over 127.0.0.1. */
void jq_test_net_connect_pair(GIOStream **server, GIOStream **client);
/* Writes text to a stream, blocking (a raw peer's lines). */
void jq_test_net_send(GIOStream *io, const char *text);

/* Bytes read from a stream as they come, up to its end; with `to`, also
 * written on to it (and `to` closed at the end): a relay that records. */
typedef struct {
  GString *text;
  GIOStream *to;
  gboolean eof;
  guint8 buf[4096];
} JqTestNetReader;

JqTestNetReader *jq_test_net_reader_start(GIOStream *io, GIOStream *to);
void jq_test_net_reader_free(JqTestNetReader *r);

/* Fixed secrets and shuffles for a jieqi deal, by game number g:
 * secret[role], shuffle[role][colour][i] (role: JQ_FAIR_ROLE_A, _B).
 * i·k + add mod 15 with k prime to 15 is a permutation. */
void jq_test_net_fixed_deal(int g, uint8_t secret[2][32],
                            uint8_t shuffle[2][2][15]);
