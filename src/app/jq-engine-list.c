#include "jq-config.h"

#include "jq-engine-list.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jq-uci-client.h"

/* An engine gets this long to start and answer "uci". */
#define PROBE_TIMEOUT_MS 10000

G_DEFINE_QUARK(jq - engine - list - error - quark, jq_engine_list_error)

struct _JqEngineList {
  GObject parent_instance;
  GPtrArray *engines; /* of JqEngine* */
  GSettings *settings;
  gboolean saving; /* our own write to the settings: not read back */
  guint offering;  /* offers being probed */
};

G_DEFINE_FINAL_TYPE(JqEngineList, jq_engine_list, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- engines ---- */

static void option_free(gpointer data) {
  JqEngineOption *opt = data;
  g_free(opt->name);
  g_free(opt->type);
  g_free(opt->default_value);
  g_strfreev(opt->vars);
  g_free(opt);
}

static JqEngineOption *option_copy(const JqEngineOption *opt) {
  JqEngineOption *copy = g_new0(JqEngineOption, 1);
  copy->name = g_strdup(opt->name);
  copy->type = g_strdup(opt->type);
  copy->default_value = g_strdup(opt->default_value);
  copy->min = opt->min;
  copy->max = opt->max;
  copy->vars = g_strdupv(opt->vars);
  return copy;
}

static JqEngine *engine_new(void) {
  JqEngine *engine = g_new0(JqEngine, 1);
  engine->options = g_ptr_array_new_with_free_func(option_free);
  engine->values =
      g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  return engine;
}

JqEngine *jq_engine_copy(const JqEngine *engine) {
  JqEngine *copy = engine_new();
  copy->id = g_strdup(engine->id);
  copy->name = g_strdup(engine->name);
  copy->command = g_strdup(engine->command);
  copy->ranks_from_one = engine->ranks_from_one;
  for (guint i = 0; i < engine->options->len; i++)
    g_ptr_array_add(copy->options,
                    option_copy(g_ptr_array_index(engine->options, i)));
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init(&it, engine->values);
  while (g_hash_table_iter_next(&it, &k, &v))
    g_hash_table_insert(copy->values, g_strdup(k), g_strdup(v));
  return copy;
}

void jq_engine_free(JqEngine *engine) {
  if (!engine)
    return;
  g_free(engine->id);
  g_free(engine->name);
  g_free(engine->command);
  g_ptr_array_unref(engine->options);
  g_hash_table_unref(engine->values);
  g_free(engine);
}

const JqEngineOption *jq_engine_find_option(const JqEngine *engine,
                                            const char *name) {
  for (guint i = 0; i < engine->options->len; i++) {
    JqEngineOption *opt = g_ptr_array_index(engine->options, i);
    if (g_ascii_strcasecmp(opt->name, name) == 0)
      return opt;
  }
  return NULL;
}

static gboolean option_offers(const JqEngineOption *opt, const char *value) {
  for (char **v = opt->vars; v && *v; v++)
    if (g_ascii_strcasecmp(*v, value) == 0)
      return TRUE;
  return FALSE;
}

gboolean jq_engine_plays(const JqEngine *engine, JqVariant variant) {
  const JqEngineOption *opt = jq_engine_find_option(engine, "UCI_Variant");
  if (variant == JQ_VARIANT_JIEQI)
    return opt && option_offers(opt, "jieqi");
  return !opt || g_strcmp0(opt->type, "combo") != 0 ||
         option_offers(opt, "xiangqi");
}

/* Why `value` does not fit `opt`, NULL when it does. */
static char *value_problem(const JqEngineOption *opt, const char *value) {
  if (strchr(value, '\n') || strchr(value, '\r'))
    return g_strdup_printf(_("“%s” cannot hold a line break."), opt->name);
  if (g_strcmp0(opt->type, "spin") == 0) {
    char *end;
    errno = 0;
    long n = strtol(value, &end, 10);
    if (*value == '\0' || *end != '\0' || errno || n < opt->min || n > opt->max)
      return g_strdup_printf(_("“%s” takes a whole number from %d to %d, "
                               "not “%s”."),
                             opt->name, opt->min, opt->max, value);
  } else if (g_strcmp0(opt->type, "check") == 0) {
    if (strcmp(value, "true") != 0 && strcmp(value, "false") != 0)
      return g_strdup_printf(_("“%s” is true or false, not “%s”."), opt->name,
                             value);
  } else if (g_strcmp0(opt->type, "combo") == 0) {
    if (!option_offers(opt, value))
      return g_strdup_printf(_("“%s” has no choice “%s”."), opt->name, value);
  } else if (g_strcmp0(opt->type, "button") == 0) {
    return g_strdup_printf(_("“%s” is a button: it has no value."), opt->name);
  }
  return NULL;
}

/* A sentence put inside a longer one loses its full stop ("." or "。"),
 * which the longer one's own punctuation follows. */
static char *without_stop(char *sentence) {
  gsize len = strlen(sentence);
  if (g_str_has_suffix(sentence, "。"))
    sentence[len - strlen("。")] = '\0';
  else if (len && sentence[len - 1] == '.')
    sentence[len - 1] = '\0';
  return sentence;
}

static gboolean is_fairy_stockfish(const char *name) {
  return name && g_ascii_strncasecmp(name, "Fairy-Stockfish", 15) == 0;
}

char *jq_engine_command_for_path(const char *path) {
  for (const char *p = path; *p; p++)
    if (!g_ascii_isalnum(*p) && !strchr("/._-+", *p))
      return g_shell_quote(path);
  return g_strdup(path);
}

JqEngine *jq_engine_probe(const char *command, GError **error) {
  JqError err;
  JqUciClient *client = jq_uci_client_spawn(command, &err);
  if (!client) {
    g_set_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_NO_ENGINE,
                _("Cannot start “%s”: %s"), command, err.message);
    return NULL;
  }
  JqUciStatus st = jq_uci_client_handshake(
      client,
      g_get_monotonic_time() + PROBE_TIMEOUT_MS * G_GINT64_CONSTANT(1000));
  if (st != JQ_UCI_OK) {
    g_set_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_NO_ENGINE,
                st == JQ_UCI_DEAD
                    ? _("“%s” stopped before answering “uci”: it is not a "
                        "UCI engine.")
                    : _("“%s” did not answer “uci” within %d seconds: it is "
                        "not a UCI engine."),
                command, PROBE_TIMEOUT_MS / 1000);
    jq_uci_client_close(client, 0);
    return NULL;
  }
  JqEngine *engine = engine_new();
  engine->command = g_strdup(command);
  const char *name = jq_uci_client_name(client);
  if (name && *name) {
    engine->name = g_strdup(name);
  } else {
    gchar **argv = NULL;
    g_shell_parse_argv(command, NULL, &argv, NULL);
    engine->name = g_path_get_basename(argv && argv[0] ? argv[0] : command);
    g_strfreev(argv);
  }
  engine->ranks_from_one = is_fairy_stockfish(engine->name);
  for (guint i = 0; i < jq_uci_client_option_count(client); i++) {
    const JqUciOption *o = jq_uci_client_option(client, i);
    JqEngineOption *opt = g_new0(JqEngineOption, 1);
    opt->name = g_strdup(o->name);
    opt->type = g_ascii_strdown(o->type ? o->type : "string", -1);
    opt->default_value = g_strdup(o->default_value ? o->default_value : "");
    opt->min = o->min ? (int)CLAMP(g_ascii_strtoll(o->min, NULL, 10), G_MININT,
                                   G_MAXINT)
                      : G_MININT;
    opt->max = o->max ? (int)CLAMP(g_ascii_strtoll(o->max, NULL, 10), G_MININT,
                                   G_MAXINT)
                      : G_MAXINT;
    opt->vars = g_new0(char *, o->vars->len + 1);
    for (guint k = 0; k < o->vars->len; k++)
      opt->vars[k] = g_strdup(g_ptr_array_index(o->vars, k));
    g_ptr_array_add(engine->options, opt);
  }
  jq_uci_client_close(client, 1000);
  return engine;
}

static void probe_thread(GTask *task, gpointer source, gpointer data,
                         GCancellable *cancellable) {
  GError *error = NULL;
  JqEngine *engine = jq_engine_probe(data, &error);
  if (engine)
    g_task_return_pointer(task, engine, (GDestroyNotify)jq_engine_free);
  else
    g_task_return_error(task, error);
}

void jq_engine_probe_async(const char *command, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer data) {
  GTask *task = g_task_new(NULL, cancellable, callback, data);
  g_task_set_task_data(task, g_strdup(command), g_free);
  g_task_run_in_thread(task, probe_thread);
  g_object_unref(task);
}

JqEngine *jq_engine_probe_finish(GAsyncResult *result, GError **error) {
  return g_task_propagate_pointer(G_TASK(result), error);
}

/* ---- the stored form ---- */

#define OPTIONS_TYPE "a(sssiias)"

static GVariant *engine_to_variant(const JqEngine *e) {
  GVariantBuilder dict, opts, values;
  g_variant_builder_init(&dict, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add(&dict, "{sv}", "id", g_variant_new_string(e->id));
  g_variant_builder_add(&dict, "{sv}", "name", g_variant_new_string(e->name));
  g_variant_builder_add(&dict, "{sv}", "command",
                        g_variant_new_string(e->command));
  g_variant_builder_add(&dict, "{sv}", "ranks-from-one",
                        g_variant_new_boolean(e->ranks_from_one));
  g_variant_builder_init(&opts, G_VARIANT_TYPE(OPTIONS_TYPE));
  for (guint i = 0; i < e->options->len; i++) {
    JqEngineOption *o = g_ptr_array_index(e->options, i);
    g_variant_builder_add(&opts, "(sssii^as)", o->name, o->type,
                          o->default_value, o->min, o->max, o->vars);
  }
  g_variant_builder_add(&dict, "{sv}", "options", g_variant_builder_end(&opts));
  g_variant_builder_init(&values, G_VARIANT_TYPE("a{ss}"));
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init(&it, e->values);
  while (g_hash_table_iter_next(&it, &k, &v))
    g_variant_builder_add(&values, "{ss}", k, v);
  g_variant_builder_add(&dict, "{sv}", "values",
                        g_variant_builder_end(&values));
  return g_variant_builder_end(&dict);
}

static const char *const option_types[] = {"spin",   "check",  "combo",
                                           "string", "button", NULL};

/* One stored entry, or NULL with *why saying what is wrong with it. */
static JqEngine *engine_from_variant(GVariant *dict, char **why) {
  const char *id = NULL, *name = NULL, *command = NULL;
  if (!g_variant_lookup(dict, "id", "&s", &id) || !*id || strchr(id, ':') ||
      strchr(id, ' ')) {
    *why = g_strdup(_("it has no usable “id”"));
    return NULL;
  }
  if (!g_variant_lookup(dict, "command", "&s", &command) || !*command ||
      !g_shell_parse_argv(command, NULL, NULL, NULL)) {
    *why = g_strdup_printf(_("“%s” has no usable “command”"), id);
    return NULL;
  }
  if (!g_variant_lookup(dict, "name", "&s", &name) || !*name) {
    *why = g_strdup_printf(_("“%s” has no “name”"), id);
    return NULL;
  }
  JqEngine *e = engine_new();
  e->id = g_strdup(id);
  e->name = g_strdup(name);
  e->command = g_strdup(command);
  g_variant_lookup(dict, "ranks-from-one", "b", &e->ranks_from_one);
  GVariant *opts =
      g_variant_lookup_value(dict, "options", G_VARIANT_TYPE(OPTIONS_TYPE));
  if (opts) {
    GVariantIter it;
    const char *oname, *type, *def;
    int min, max;
    GVariant *vars;
    g_variant_iter_init(&it, opts);
    while (g_variant_iter_next(&it, "(&s&s&sii@as)", &oname, &type, &def, &min,
                               &max, &vars)) {
      JqEngineOption *o = g_new0(JqEngineOption, 1);
      o->name = g_strdup(oname);
      o->type = g_strdup(type);
      o->default_value = g_strdup(def);
      o->min = min;
      o->max = max;
      o->vars = g_variant_dup_strv(vars, NULL);
      g_variant_unref(vars);
      g_ptr_array_add(e->options, o);
      if (!*oname || !g_strv_contains(option_types, type) || min > max) {
        *why = g_strdup_printf(_("“%s” declares a bad option “%s”"), id, oname);
        g_variant_unref(opts);
        jq_engine_free(e);
        return NULL;
      }
    }
    g_variant_unref(opts);
  }
  GVariant *values =
      g_variant_lookup_value(dict, "values", G_VARIANT_TYPE("a{ss}"));
  if (values) {
    GVariantIter it;
    const char *k, *v;
    g_variant_iter_init(&it, values);
    while (g_variant_iter_next(&it, "{&s&s}", &k, &v)) {
      const JqEngineOption *o = jq_engine_find_option(e, k);
      char *problem =
          o ? value_problem(o, v) : g_strdup_printf(_("no option “%s”"), k);
      if (problem) {
        *why = g_strdup_printf(_("“%s”: %s"), id, without_stop(problem));
        g_free(problem);
        g_variant_unref(values);
        jq_engine_free(e);
        return NULL;
      }
      g_hash_table_insert(e->values, g_strdup(o->name), g_strdup(v));
    }
    g_variant_unref(values);
  }
  return e;
}

gboolean jq_engine_list_load(JqEngineList *self, GVariant *stored,
                             GError **error) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), FALSE);
  g_ptr_array_set_size(self->engines, 0);
  GString *refused = g_string_new(NULL);
  if (!g_variant_is_of_type(stored, G_VARIANT_TYPE("aa{sv}"))) {
    g_string_append_printf(refused, _("the list is of type %s, not aa{sv}"),
                           g_variant_get_type_string(stored));
  } else {
    for (gsize i = 0; i < g_variant_n_children(stored); i++) {
      GVariant *dict = g_variant_get_child_value(stored, i);
      char *why = NULL;
      JqEngine *e = engine_from_variant(dict, &why);
      g_variant_unref(dict);
      if (e && jq_engine_list_find(self, e->id)) {
        why = g_strdup_printf(_("“%s” is there twice"), e->id);
        g_clear_pointer(&e, jq_engine_free);
      }
      if (e) {
        g_ptr_array_add(self->engines, e);
        continue;
      }
      g_string_append_printf(refused, "%s%s %" G_GSIZE_FORMAT ": %s",
                             refused->len ? "; " : "", _("entry"), i + 1, why);
      g_free(why);
    }
  }
  g_signal_emit(self, signals[SIGNAL_CHANGED], 0);
  if (refused->len) {
    g_set_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_STORED,
                _("Stored outside engines left out: %s."), refused->str);
    g_string_free(refused, TRUE);
    return FALSE;
  }
  g_string_free(refused, TRUE);
  return TRUE;
}

GVariant *jq_engine_list_save(JqEngineList *self) {
  GVariantBuilder b;
  g_variant_builder_init(&b, G_VARIANT_TYPE("aa{sv}"));
  for (guint i = 0; i < self->engines->len; i++)
    g_variant_builder_add_value(
        &b, engine_to_variant(g_ptr_array_index(self->engines, i)));
  return g_variant_builder_end(&b);
}

static void store(JqEngineList *self) {
  if (self->settings) {
    self->saving = TRUE;
    g_settings_set_value(self->settings, "engines", jq_engine_list_save(self));
    self->saving = FALSE;
  }
  g_signal_emit(self, signals[SIGNAL_CHANGED], 0);
}

static void on_settings_changed(GSettings *settings, const char *key,
                                JqEngineList *self) {
  if (self->saving)
    return;
  GVariant *stored = g_settings_get_value(settings, "engines");
  GError *error = NULL;
  if (!jq_engine_list_load(self, stored, &error)) {
    g_warning("%s", error->message);
    g_error_free(error);
  }
  g_variant_unref(stored);
}

void jq_engine_list_bind(JqEngineList *self, GSettings *settings) {
  g_return_if_fail(JQ_IS_ENGINE_LIST(self));
  g_set_object(&self->settings, settings);
  g_signal_connect_object(settings, "changed::engines",
                          G_CALLBACK(on_settings_changed), self, 0);
  on_settings_changed(settings, "engines", self);
}

/* ---- the list ---- */

guint jq_engine_list_count(JqEngineList *self) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), 0);
  return self->engines->len;
}

const JqEngine *jq_engine_list_get(JqEngineList *self, guint i) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), NULL);
  g_return_val_if_fail(i < self->engines->len, NULL);
  return g_ptr_array_index(self->engines, i);
}

const JqEngine *jq_engine_list_find(JqEngineList *self, const char *id) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), NULL);
  for (guint i = 0; id && i < self->engines->len; i++) {
    JqEngine *e = g_ptr_array_index(self->engines, i);
    if (strcmp(e->id, id) == 0)
      return e;
  }
  return NULL;
}

char *jq_engine_list_algorithm(const char *id) {
  return g_strconcat("uci:", id, NULL);
}

const JqEngine *jq_engine_list_find_algorithm(JqEngineList *self,
                                              const char *algorithm) {
  if (!algorithm || !g_str_has_prefix(algorithm, "uci:"))
    return NULL;
  return jq_engine_list_find(self, algorithm + 4);
}

const char *jq_engine_list_add(JqEngineList *self, JqEngine *engine) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), NULL);
  /* An id from the name, made unique: "fairy-stockfish", "fake-engine-2". */
  GString *base = g_string_new(NULL);
  for (const char *p = engine->name; *p && base->len < 24; p++)
    if (g_ascii_isalnum(*p) || *p == '-')
      g_string_append_c(base, g_ascii_tolower(*p));
    else if (base->len && base->str[base->len - 1] != '-')
      g_string_append_c(base, '-');
  while (base->len && base->str[base->len - 1] == '-')
    g_string_truncate(base, base->len - 1);
  if (!base->len)
    g_string_assign(base, "engine");
  if (is_fairy_stockfish(engine->name))
    g_string_assign(base, "fairy-stockfish");
  char *id = g_strdup(base->str);
  for (int n = 2; jq_engine_list_find(self, id); n++) {
    g_free(id);
    id = g_strdup_printf("%s-%d", base->str, n);
  }
  g_string_free(base, TRUE);
  g_free(engine->id);
  engine->id = id;
  /* Fairy-Stockfish plays chess unless told; NNUE files are not packaged. */
  const JqEngineOption *opt = jq_engine_find_option(engine, "UCI_Variant");
  if (opt && option_offers(opt, "xiangqi"))
    g_hash_table_insert(engine->values, g_strdup(opt->name),
                        g_strdup("xiangqi"));
  opt = jq_engine_find_option(engine, "Use NNUE");
  if (opt && g_strcmp0(opt->type, "check") == 0)
    g_hash_table_insert(engine->values, g_strdup(opt->name), g_strdup("false"));
  g_ptr_array_add(self->engines, engine);
  store(self);
  return engine->id;
}

gboolean jq_engine_list_remove(JqEngineList *self, const char *id) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), FALSE);
  const JqEngine *e = jq_engine_list_find(self, id);
  if (!e)
    return FALSE;
  /* The user does not want it: not offered again at the next start. */
  if (is_fairy_stockfish(e->name) && self->settings)
    g_settings_set_boolean(self->settings, "offer-fairy-stockfish", FALSE);
  g_ptr_array_remove(self->engines, (gpointer)e);
  store(self);
  return TRUE;
}

gboolean jq_engine_list_rename(JqEngineList *self, const char *id,
                               const char *name, GError **error) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), FALSE);
  JqEngine *e = (JqEngine *)jq_engine_list_find(self, id);
  if (!e) {
    g_set_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_VALUE,
                _("There is no engine “%s”."), id);
    return FALSE;
  }
  char *trimmed = g_strstrip(g_strdup(name ? name : ""));
  if (!*trimmed || strchr(trimmed, '\n') || strchr(trimmed, '\r') ||
      !g_utf8_validate(trimmed, -1, NULL)) {
    g_set_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_VALUE,
                _("An engine's name is one line of text, not empty."));
    g_free(trimmed);
    return FALSE;
  }
  if (strcmp(trimmed, e->name) == 0) {
    g_free(trimmed);
    return TRUE;
  }
  g_free(e->name);
  e->name = trimmed;
  store(self);
  return TRUE;
}

gboolean jq_engine_list_set_value(JqEngineList *self, const char *id,
                                  const char *option, const char *value,
                                  GError **error) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), FALSE);
  JqEngine *e = (JqEngine *)jq_engine_list_find(self, id);
  const JqEngineOption *opt = e ? jq_engine_find_option(e, option) : NULL;
  if (!opt) {
    g_set_error(error, JQ_ENGINE_LIST_ERROR, JQ_ENGINE_LIST_ERROR_BAD_VALUE,
                _("The engine “%s” has no option “%s”."), id, option);
    return FALSE;
  }
  char *problem = value ? value_problem(opt, value) : NULL;
  if (problem) {
    g_set_error_literal(error, JQ_ENGINE_LIST_ERROR,
                        JQ_ENGINE_LIST_ERROR_BAD_VALUE, problem);
    g_free(problem);
    return FALSE;
  }
  if (g_strcmp0(g_hash_table_lookup(e->values, opt->name), value) == 0)
    return TRUE;
  if (value)
    g_hash_table_insert(e->values, g_strdup(opt->name), g_strdup(value));
  else
    g_hash_table_remove(e->values, opt->name);
  store(self);
  return TRUE;
}

/* Whether an engine of the list runs the program `command` names, however
 * it is quoted. */
static gboolean has_program(JqEngineList *self, const char *command) {
  gchar **want = NULL;
  if (!g_shell_parse_argv(command, NULL, &want, NULL))
    return FALSE;
  gboolean found = FALSE;
  for (guint i = 0; i < self->engines->len && !found; i++) {
    JqEngine *e = g_ptr_array_index(self->engines, i);
    gchar **argv = NULL;
    if (g_shell_parse_argv(e->command, NULL, &argv, NULL))
      found =
          g_strv_equal((const char *const *)argv, (const char *const *)want);
    g_strfreev(argv);
  }
  g_strfreev(want);
  return found;
}

static void offer_done(GObject *source, GAsyncResult *result, gpointer data) {
  JqEngineList *self = data;
  GError *error = NULL;
  JqEngine *engine = jq_engine_probe_finish(result, &error);
  if (!engine) {
    g_message("Fairy-Stockfish not offered: %s", error->message);
    g_error_free(error);
  } else {
    /* Added meanwhile (by hand, or by another window's offer). */
    if (has_program(self, engine->command))
      g_clear_pointer(&engine, jq_engine_free);
    if (engine)
      jq_engine_list_add(self, engine);
  }
  self->offering--;
  g_object_unref(self);
}

gboolean jq_engine_list_offer(JqEngineList *self, const char *path) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), FALSE);
  if (!g_file_test(path, G_FILE_TEST_IS_EXECUTABLE) ||
      g_file_test(path, G_FILE_TEST_IS_DIR))
    return FALSE;
  if (self->settings &&
      !g_settings_get_boolean(self->settings, "offer-fairy-stockfish"))
    return FALSE;
  char *command = jq_engine_command_for_path(path);
  gboolean offered = !has_program(self, command);
  if (offered) {
    self->offering++;
    jq_engine_probe_async(command, NULL, offer_done, g_object_ref(self));
  }
  g_free(command);
  return offered;
}

gboolean jq_engine_list_is_offering(JqEngineList *self) {
  g_return_val_if_fail(JQ_IS_ENGINE_LIST(self), FALSE);
  return self->offering > 0;
}

/* ---- GObject ---- */

JqEngineList *jq_engine_list_new(void) {
  return g_object_new(JQ_TYPE_ENGINE_LIST, NULL);
}

JqEngineList *jq_engine_list_get_default(void) {
  static JqEngineList *list;
  if (!list)
    list = jq_engine_list_new();
  return list;
}

static void jq_engine_list_finalize(GObject *object) {
  JqEngineList *self = JQ_ENGINE_LIST(object);
  g_ptr_array_unref(self->engines);
  g_clear_object(&self->settings);
  G_OBJECT_CLASS(jq_engine_list_parent_class)->finalize(object);
}

static void jq_engine_list_class_init(JqEngineListClass *klass) {
  G_OBJECT_CLASS(klass)->finalize = jq_engine_list_finalize;
  signals[SIGNAL_CHANGED] =
      g_signal_new("changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void jq_engine_list_init(JqEngineList *self) {
  self->engines =
      g_ptr_array_new_with_free_func((GDestroyNotify)jq_engine_free);
}
