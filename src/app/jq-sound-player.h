/* JqSoundPlayer: the short sounds of a game (move, capture, check, reveal,
 * game end), played from the app's GResource through GtkMediaFile. A
 * sound whose resource is missing, or a system without a working media
 * backend, is skipped without a word: sounds are a nicety. The streams
 * are made ahead, on idle once enabled, not on a move. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  JQ_SOUND_MOVE,
  JQ_SOUND_CAPTURE,
  JQ_SOUND_CHECK,
  JQ_SOUND_REVEAL,
  JQ_SOUND_END,
  JQ_SOUND_COUNT,
} JqSound;

#define JQ_TYPE_SOUND_PLAYER (jq_sound_player_get_type())
G_DECLARE_FINAL_TYPE(JqSoundPlayer, jq_sound_player, JQ, SOUND_PLAYER, GObject)

/* Property "enabled" (bind it to the "sounds" setting). */
JqSoundPlayer *jq_sound_player_new(void);
void jq_sound_player_set_enabled(JqSoundPlayer *self, gboolean enabled);
gboolean jq_sound_player_get_enabled(JqSoundPlayer *self);

/* Plays a sound from its start (cutting the same sound short if it is
 * still playing). Does nothing when disabled or unplayable. */
void jq_sound_player_play(JqSoundPlayer *self, JqSound sound);
/* How many sounds were asked for while enabled (for tests: the media
 * may not really play there). */
guint jq_sound_player_get_played(JqSoundPlayer *self);
/* For tests: how many sounds have their stream made (or are known to be
 * missing), and how many streams were made only when their sound was
 * asked for, during a move, not ahead. */
guint jq_sound_player_get_made(JqSoundPlayer *self);
guint jq_sound_player_get_made_on_play(JqSoundPlayer *self);

G_END_DECLS
