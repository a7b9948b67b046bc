/* JqEngineList: the outside UCI engines the user added (Preferences), each
 * with its command, the options it declared in its "uci" reply and the
 * values the user gave them. A game plays one as the algorithm
 * "uci:ID" (jq_engine_list_algorithm).
 *
 * Kept in the GSettings key "engines" (type aa{sv}), beside the other
 * preferences: GSettings already writes atomically, tells every window of
 * a change, and can be reset with `gsettings reset`. Each entry is a
 * dictionary: "id" s, "name" s, "command" s, "ranks-from-one" b,
 * "options" a(sssiias) (name, type, default, min, max, choices) and
 * "values" a{ss}. An entry that does not read right is refused with a
 * message naming it and what is wrong, and left out; the others stay.
 *
 * Signals: changed () after an engine was added, removed, renamed or set. */
#pragma once

#include <gio/gio.h>

#include "jq-types.h"

G_BEGIN_DECLS

/* An option the engine declared. min and max are a spin's bounds. */
typedef struct {
  char *name;
  char *type; /* "spin", "check", "combo", "string", "button" */
  char *default_value;
  int min, max;
  char **vars; /* a combo's choices, NULL-terminated */
} JqEngineOption;

typedef struct {
  char *id;
  char *name;
  char *command;
  gboolean ranks_from_one; /* writes ranks 1..10 ("h3e3"), as Fairy-Stockfish */
  GPtrArray *options;      /* of JqEngineOption* */
  GHashTable *values;      /* option name -> the user's value */
} JqEngine;

#define JQ_ENGINE_LIST_ERROR (jq_engine_list_error_quark())
GQuark jq_engine_list_error_quark(void);
typedef enum {
  JQ_ENGINE_LIST_ERROR_BAD_STORED, /* an entry refused, the message says why */
  JQ_ENGINE_LIST_ERROR_BAD_VALUE,  /* an option value that does not fit */
  JQ_ENGINE_LIST_ERROR_NO_ENGINE,  /* the command did not act as UCI */
} JqEngineListError;

/* Where Debian's fairy-stockfish package puts the engine. */
#define JQ_FAIRY_STOCKFISH_PATH "/usr/games/fairy-stockfish"

JqEngine *jq_engine_copy(const JqEngine *engine);
void jq_engine_free(JqEngine *engine);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(JqEngine, jq_engine_free)
const JqEngineOption *jq_engine_find_option(const JqEngine *engine,
                                            const char *name);
/* Whether it can play `variant`: jieqi only when its UCI_Variant offers
 * "jieqi"; xiangqi unless its UCI_Variant lacks "xiangqi". */
gboolean jq_engine_plays(const JqEngine *engine, JqVariant variant);

/* The command that runs the program at `path`: the path itself when the
 * shell reads it so (as the user knows it), else quoted. */
char *jq_engine_command_for_path(const char *path);
/* Starts `command`, reads its "uci" reply (name, options) and stops it;
 * blocking, up to a few seconds: call it in a thread. NULL with NO_ENGINE
 * saying what went wrong. */
JqEngine *jq_engine_probe(const char *command, GError **error);
void jq_engine_probe_async(const char *command, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer data);
JqEngine *jq_engine_probe_finish(GAsyncResult *result, GError **error);

#define JQ_TYPE_ENGINE_LIST (jq_engine_list_get_type())
G_DECLARE_FINAL_TYPE(JqEngineList, jq_engine_list, JQ, ENGINE_LIST, GObject)

JqEngineList *jq_engine_list_new(void);
/* The app's one list (the game controller and the dialogs read it). */
JqEngineList *jq_engine_list_get_default(void);

/* Replaces the list with `stored`; bad entries are left out and FALSE
 * returned with BAD_STORED naming each. */
gboolean jq_engine_list_load(JqEngineList *self, GVariant *stored,
                             GError **error);
/* The list as stored (floating). */
GVariant *jq_engine_list_save(JqEngineList *self);
/* Loads `settings`' key "engines" (warning about refused entries) and
 * keeps it and the list in step from now on. */
void jq_engine_list_bind(JqEngineList *self, GSettings *settings);

guint jq_engine_list_count(JqEngineList *self);
const JqEngine *jq_engine_list_get(JqEngineList *self, guint i);
const JqEngine *jq_engine_list_find(JqEngineList *self, const char *id);
/* "uci:ID" algorithm names. */
char *jq_engine_list_algorithm(const char *id);
const JqEngine *jq_engine_list_find_algorithm(JqEngineList *self,
                                              const char *algorithm);
/* Adds a probed engine (taken) under a new id; returns the id. With
 * Fairy-Stockfish's name it numbers ranks from 1 and plays xiangqi. */
const char *jq_engine_list_add(JqEngineList *self, JqEngine *engine);
gboolean jq_engine_list_remove(JqEngineList *self, const char *id);
/* Sets an option's value for the engine; NULL value: back to its default.
 * FALSE with BAD_VALUE, nothing changed, when it does not fit the option. */
gboolean jq_engine_list_set_value(JqEngineList *self, const char *id,
                                  const char *option, const char *value,
                                  GError **error);
/* Renames the engine (the name the app shows for it). FALSE with
 * BAD_VALUE, nothing changed, for an empty name or one of several lines. */
gboolean jq_engine_list_rename(JqEngineList *self, const char *id,
                               const char *name, GError **error);
/* Offers Debian's Fairy-Stockfish when `path` is an executable, no engine
 * runs it yet and the user has not removed it before (the bound settings'
 * "offer-fairy-stockfish", which removing it turns off): probes it in a
 * thread and adds it. Whether it is being probed. */
gboolean jq_engine_list_offer(JqEngineList *self, const char *path);
/* Whether an offer is still being probed: until it ends, the list may
 * grow by itself. */
gboolean jq_engine_list_is_offering(JqEngineList *self);

G_END_DECLS
