#include "jq-human-player.h"

struct _JqHumanPlayer {
  GObject parent_instance;
};

static void jq_human_player_iface_init(JqPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(JqHumanPlayer, jq_human_player, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(JQ_TYPE_PLAYER,
                                                    jq_human_player_iface_init))

/* The person sees the board: nothing to hand over, nothing to stop. */
static void human_take_turn(JqPlayer *player, const JqTurn *turn) {}

static void human_cancel(JqPlayer *player) {}

static gboolean human_is_thinking(JqPlayer *player) { return FALSE; }

static void jq_human_player_iface_init(JqPlayerInterface *iface) {
  iface->take_turn = human_take_turn;
  iface->cancel = human_cancel;
  iface->is_thinking = human_is_thinking;
}

JqHumanPlayer *jq_human_player_new(void) {
  return g_object_new(JQ_TYPE_HUMAN_PLAYER, NULL);
}

static void jq_human_player_class_init(JqHumanPlayerClass *klass) {}

static void jq_human_player_init(JqHumanPlayer *self) {}
