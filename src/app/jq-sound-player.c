#include "jq-sound-player.h"

#define RESOURCE_DIR "/io/github/jieqi/Jieqi/sounds/"

static const char *const sound_names[JQ_SOUND_COUNT] = {
    "move", "capture", "check", "reveal", "end",
};

struct _JqSoundPlayer {
  GObject parent_instance;
  gboolean enabled;
  /* Made on first use; a stream that failed stays here so it is not
   * tried again and again. */
  GtkMediaStream *streams[JQ_SOUND_COUNT];
  gboolean missing[JQ_SOUND_COUNT];
  guint played;
  guint made_on_play; /* streams made when their sound was asked for */
  guint ahead_source; /* makes the streams ahead, one a dispatch */
};

G_DEFINE_FINAL_TYPE(JqSoundPlayer, jq_sound_player, G_TYPE_OBJECT)

enum { PROP_0, PROP_ENABLED, N_PROPS };
static GParamSpec *props[N_PROPS];

static gboolean make_ahead(gpointer data);

JqSoundPlayer *jq_sound_player_new(void) {
  return g_object_new(JQ_TYPE_SOUND_PLAYER, NULL);
}

void jq_sound_player_set_enabled(JqSoundPlayer *self, gboolean enabled) {
  g_return_if_fail(JQ_IS_SOUND_PLAYER(self));
  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  if (enabled && self->ahead_source == 0) {
    /* After start-up's drawing and input: idle, at a low priority. */
    self->ahead_source =
        g_idle_add_full(G_PRIORITY_LOW, make_ahead, self, NULL);
    g_source_set_name_by_id(self->ahead_source, "[jieqi] sounds made ahead");
  }
  if (!enabled)
    for (int i = 0; i < JQ_SOUND_COUNT; i++)
      if (self->streams[i] != NULL)
        gtk_media_stream_pause(self->streams[i]);
  g_object_notify_by_pspec(G_OBJECT(self), props[PROP_ENABLED]);
}

gboolean jq_sound_player_get_enabled(JqSoundPlayer *self) {
  g_return_val_if_fail(JQ_IS_SOUND_PLAYER(self), FALSE);
  return self->enabled;
}

static GtkMediaStream *get_stream(JqSoundPlayer *self, JqSound sound) {
  if (self->missing[sound])
    return NULL;
  if (self->streams[sound] != NULL)
    return self->streams[sound];
  char *path = g_strconcat(RESOURCE_DIR, sound_names[sound], ".wav", NULL);
  /* Look before GtkMediaFile does: it would complain about a missing
   * resource only once playing. */
  if (!g_resources_get_info(path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL,
                            NULL)) {
    self->missing[sound] = TRUE;
    g_free(path);
    return NULL;
  }
  self->streams[sound] = gtk_media_file_new_for_resource(path);
  g_free(path);
  return self->streams[sound];
}

/* Makes the next stream not yet made, one a call so the loop is held
 * only so long each time; the first starts the media backend (GStreamer,
 * which may scan its plugins), which a move waited for before. */
static gboolean make_ahead(gpointer data) {
  JqSoundPlayer *self = data;
  for (int i = 0; self->enabled && i < JQ_SOUND_COUNT; i++)
    if (self->streams[i] == NULL && !self->missing[i]) {
      get_stream(self, (JqSound)i);
      return G_SOURCE_CONTINUE;
    }
  self->ahead_source = 0;
  return G_SOURCE_REMOVE;
}

void jq_sound_player_play(JqSoundPlayer *self, JqSound sound) {
  g_return_if_fail(JQ_IS_SOUND_PLAYER(self));
  g_return_if_fail(sound < JQ_SOUND_COUNT);
  if (!self->enabled)
    return;
  self->played++;
  if (self->streams[sound] == NULL && !self->missing[sound])
    self->made_on_play++;
  GtkMediaStream *stream = get_stream(self, sound);
  /* Without a media backend (or a sound device) the stream reports an
   * error instead of playing: stay quiet from then on. */
  if (stream == NULL || gtk_media_stream_get_error(stream) != NULL) {
    self->missing[sound] = TRUE;
    return;
  }
  if (gtk_media_stream_is_prepared(stream) &&
      gtk_media_stream_is_seekable(stream))
    gtk_media_stream_seek(stream, 0);
  gtk_media_stream_play(stream);
}

guint jq_sound_player_get_made(JqSoundPlayer *self) {
  g_return_val_if_fail(JQ_IS_SOUND_PLAYER(self), 0);
  guint made = 0;
  for (int i = 0; i < JQ_SOUND_COUNT; i++)
    made += self->streams[i] != NULL || self->missing[i];
  return made;
}

guint jq_sound_player_get_made_on_play(JqSoundPlayer *self) {
  g_return_val_if_fail(JQ_IS_SOUND_PLAYER(self), 0);
  return self->made_on_play;
}

guint jq_sound_player_get_played(JqSoundPlayer *self) {
  g_return_val_if_fail(JQ_IS_SOUND_PLAYER(self), 0);
  return self->played;
}

static void jq_sound_player_get_property(GObject *object, guint id,
                                         GValue *value, GParamSpec *pspec) {
  JqSoundPlayer *self = JQ_SOUND_PLAYER(object);
  switch (id) {
  case PROP_ENABLED: g_value_set_boolean(value, self->enabled); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_sound_player_set_property(GObject *object, guint id,
                                         const GValue *value,
                                         GParamSpec *pspec) {
  JqSoundPlayer *self = JQ_SOUND_PLAYER(object);
  switch (id) {
  case PROP_ENABLED:
    jq_sound_player_set_enabled(self, g_value_get_boolean(value));
    break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
  }
}

static void jq_sound_player_dispose(GObject *object) {
  JqSoundPlayer *self = JQ_SOUND_PLAYER(object);
  g_clear_handle_id(&self->ahead_source, g_source_remove);
  for (int i = 0; i < JQ_SOUND_COUNT; i++)
    g_clear_object(&self->streams[i]);
  G_OBJECT_CLASS(jq_sound_player_parent_class)->dispose(object);
}

static void jq_sound_player_class_init(JqSoundPlayerClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  object_class->get_property = jq_sound_player_get_property;
  object_class->set_property = jq_sound_player_set_property;
  object_class->dispose = jq_sound_player_dispose;
  props[PROP_ENABLED] = g_param_spec_boolean(
      "enabled", NULL, NULL, FALSE,
      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties(object_class, N_PROPS, props);
}

static void jq_sound_player_init(JqSoundPlayer *self) {}
