#include "jq-config.h"

#include "jq-analysis-view.h"

#include <string.h>

#include <glib/gi18n.h>

#include "jq-analysis-row.h"
#include "jq-analysis-text.h"
#include "jq-movegen.h"
#include "jq-result-text.h"

struct _JqAnalysisView {
  GtkBox parent_instance;

  JqAnalysisMode *mode;
  JqGameController *controller;
  GSettings *settings;
  GtkWidget *lines_box; /* the label and the chooser, shown when active */
  GtkSpinButton *lines_button;
  /* Analysis mode off: the computer's own thinking, or the hint's. */
  GtkWidget *thought;
  GtkLabel *source; /* "Black thinks", "Hint for Red" */
  /* Of a fixed size, as the rows: a report is drawn, not laid out. */
  GtkWidget *thought_texts;
  GtkInscription *thought_figures;
  GtkInscription *thought_line;
  GtkWidget *thought_help; /* what shows here, while there is nothing */
  char *hint_text;         /* the hint's move as its line writes it */
  GtkLabel *status;
  GtkListBox *list;
  JqAnalysisRow *rows[JQ_ANALYSIS_MODE_LINES_MAX]; /* made once, reused */
  guint filled; /* rows showing a line; those after them are blank */
  /* The line stepped through (-1: none), how many of its moves are made
   * on the board, and the search it belongs to. */
  int preview_line;
  int preview_step;
  guint preview_restarts;
};

G_DEFINE_FINAL_TYPE(JqAnalysisView, jq_analysis_view, GTK_TYPE_BOX)

enum { SIGNAL_PREVIEW, N_SIGNALS };
static guint signals[N_SIGNALS];

static void end_preview(JqAnalysisView *self) {
  if (self->preview_line < 0)
    return;
  self->preview_line = -1;
  g_signal_emit(self, signals[SIGNAL_PREVIEW], 0, NULL, (guint)JQ_MOVE_NONE);
}

/* A blank row's button is out of sight and out of reach (and its clicks
 * ignored, on_play), not made insensitive: a change of state restyles
 * the window, which GTK lays out again in a frame of its own, with the X
 * server's round trips; a move with the analysis on took two frames with
 * a layout, the move's and the one where the first lines came. */
static void show_play(GtkWidget *play, gboolean shown) {
  gtk_widget_set_opacity(play, shown ? 1 : 0);
  gtk_widget_set_can_target(play, shown);
  gtk_accessible_update_state(GTK_ACCESSIBLE(play), GTK_ACCESSIBLE_STATE_HIDDEN,
                              !shown, -1);
}

static void show_lines(JqAnalysisView *self) {
  if (!self->mode)
    return;
  /* A preview belongs to the position analysed. */
  if (!jq_analysis_mode_get_active(self->mode) ||
      jq_analysis_mode_get_restarts(self->mode) != self->preview_restarts)
    end_preview(self);
  guint count = jq_analysis_mode_get_line_count(self->mode);
  gboolean active = jq_analysis_mode_get_active(self->mode);
  /* No legal move: the game's verdict, not a search that never ends. */
  JqReason end = active && count == 0 ? jq_analysis_mode_get_end(self->mode)
                                      : JQ_REASON_NONE;
  /* While a new position's first lines come, the last one's rows stay,
   * blank: the pane keeps its size, and a move lays it out once at most,
   * not twice (without lines, then with them). */
  gboolean keep = active && count == 0 && end == JQ_REASON_NONE;
  guint wanted = (guint)jq_analysis_mode_get_lines(self->mode);
  gboolean kept = FALSE;
  JqScorePerspective perspective =
      g_settings_get_enum(self->settings, "score-perspective");
  self->filled = count;
  for (guint i = 0; i < JQ_ANALYSIS_MODE_LINES_MAX; i++) {
    JqAnalysisRow *r = self->rows[i];
    if (i >= count) {
      if (keep && i < wanted && gtk_widget_get_visible(GTK_WIDGET(r))) {
        /* The first says what is coming. */
        jq_analysis_row_set(r, i == 0 ? _("Analysing…") : "", "");
        show_play(jq_analysis_row_get_play_button(r), FALSE);
        kept = TRUE;
      } else {
        gtk_widget_set_visible(GTK_WIDGET(r), FALSE);
      }
      continue;
    }
    gtk_widget_set_visible(GTK_WIDGET(r), TRUE);
    show_play(jq_analysis_row_get_play_button(r), TRUE);
    const JqAnalysis *a = jq_analysis_mode_get_line(self->mode, i);
    /* The AI saw only what the user may know: nothing to hide. */
    char *figures = jq_analysis_text_figures(a, perspective, FALSE);
    char *text = g_strdup_printf("%u. %s", i + 1, figures);
    jq_analysis_row_set(r, text, a->pv);
    gtk_widget_set_sensitive(jq_analysis_row_get_play_button(r),
                             jq_analysis_mode_can_play(self->mode, i));
    g_free(text);
    g_free(figures);
  }
  gboolean waiting = count == 0 && active && !kept;
  if (waiting) {
    JqPosition *pos = g_new(JqPosition, 1);
    if (end != JQ_REASON_NONE &&
        jq_analysis_mode_get_position(self->mode, pos)) {
      char *text =
          jq_result_text(jq_result_loss((JqColor)pos->side, end), pos->variant);
      gtk_label_set_label(self->status, text);
      g_free(text);
    } else {
      gtk_label_set_label(self->status, _("Analysing…"));
    }
    g_free(pos);
  }
  gtk_widget_set_visible(GTK_WIDGET(self->status), waiting);
}

void jq_analysis_view_step(JqAnalysisView *self, guint index) {
  g_return_if_fail(JQ_IS_ANALYSIS_VIEW(self));
  if (!self->mode)
    return;
  JqMove moves[JQ_MAX_PV];
  int n = jq_analysis_mode_get_line_moves(self->mode, index, moves, JQ_MAX_PV);
  JqPosition *pos = g_new(JqPosition, 1);
  if (n == 0 || !jq_analysis_mode_get_position(self->mode, pos)) {
    g_free(pos);
    end_preview(self);
    return;
  }
  int step = self->preview_line == (int)index ? self->preview_step + 1 : 0;
  /* Makes `step` moves; a face-down mover ends the line there. */
  int made = 0;
  while (made < step && made < n && jq_position_is_legal(pos, moves[made]) &&
         !jq_piece_is_hidden(pos->board[jq_move_from(moves[made])])) {
    jq_position_make_move(pos, moves[made], JQ_REVEAL_NONE);
    made++;
  }
  if (made < step || made >= n || !jq_position_is_legal(pos, moves[made])) {
    g_free(pos);
    end_preview(self);
    return;
  }
  self->preview_line = (int)index;
  self->preview_step = step;
  self->preview_restarts = jq_analysis_mode_get_restarts(self->mode);
  g_signal_emit(self, signals[SIGNAL_PREVIEW], 0, pos, (guint)moves[made]);
  g_free(pos);
}

static void on_row_activated(GtkListBox *list, GtkListBoxRow *row,
                             JqAnalysisView *self) {
  for (guint i = 0; i < JQ_ANALYSIS_MODE_LINES_MAX; i++)
    if (GTK_WIDGET(self->rows[i]) == GTK_WIDGET(row))
      jq_analysis_view_step(self, i);
}

static void on_play(GtkButton *button, JqAnalysisView *self) {
  guint index = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(button), "line"));
  /* A blank row's (show_play): its line is not there yet. */
  if (index >= self->filled)
    return;
  GError *error = NULL;
  if (!jq_analysis_mode_play(self->mode, index, &error)) {
    gtk_label_set_label(self->status, error->message);
    gtk_widget_set_visible(GTK_WIDGET(self->status), TRUE);
    g_error_free(error);
  }
}

static void on_lines_changed(GtkSpinButton *button, JqAnalysisView *self) {
  if (self->mode)
    jq_analysis_mode_set_lines(self->mode,
                               gtk_spin_button_get_value_as_int(button));
}

/* The setting (an int) on the chooser (a double). A stored value out of
 * the schema's range never gets here: GSettings takes the default. */
static gboolean lines_from_setting(GValue *value, GVariant *variant,
                                   gpointer data) {
  g_value_set_double(value, g_variant_get_int32(variant));
  return TRUE;
}

static GVariant *lines_to_setting(const GValue *value, const GVariantType *type,
                                  gpointer data) {
  return g_variant_new_int32((gint32)(g_value_get_double(value) + 0.5));
}

/* ---- the computer's thinking (analysis mode off) ---- */

static const char *side_name(JqColor side) {
  return side == JQ_RED ? _("Red") : _("Black");
}

/* Under the captor rule the computer knows what it took of the human's
 * face-down pieces, and its score would tell how much that was worth:
 * the human sees the computer's score only when they know as much. */
static gboolean score_tells_secrets(JqAnalysisView *self, const JqAnalysis *a) {
  JqGameController *c = self->controller;
  int human = jq_game_controller_get_display_side(c);
  if (a->hint || human < 0 || (int)a->side == human ||
      jq_game_controller_get_variant(c) != JQ_VARIANT_JIEQI ||
      jq_game_controller_get_disclosure(c) != JQ_DISCLOSE_CAPTOR)
    return FALSE;
  JqPosition *view = g_new(JqPosition, 1);
  jq_game_controller_get_view(c, (JqColor)human, view);
  gboolean unknown = FALSE;
  for (int i = 0; i < view->capture_count; i++)
    if (jq_piece_color(view->captures[i].piece) == (JqColor)human &&
        jq_piece_is_hidden(view->captures[i].piece) &&
        view->captures[i].identity == JQ_NO_TYPE)
      unknown = TRUE;
  g_free(view);
  return unknown;
}

static void set_thought(JqAnalysisView *self, const char *figures,
                        const char *line) {
  gtk_widget_set_visible(self->thought_help, FALSE);
  gtk_widget_set_visible(self->thought_texts, TRUE);
  jq_analysis_row_set_text(self->thought_figures, figures);
  jq_analysis_row_set_text(self->thought_line, line);
}

static void show_thought(JqAnalysisView *self, const JqAnalysis *a) {
  char *title = a->hint ? g_strdup_printf(_("Hint for %s"), side_name(a->side))
                        /* TRANSLATORS: %s is Red or Black. */
                        : g_strdup_printf(_("%s thinks"), side_name(a->side));
  gtk_label_set_label(self->source, title);
  g_free(title);
  char *figures = jq_analysis_text_figures(
      a, g_settings_get_enum(self->settings, "score-perspective"),
      score_tells_secrets(self, a));
  set_thought(self, figures, a->pv);
  g_free(figures);
  /* The hint is the line's first move. */
  if (a->hint && a->pv != NULL) {
    g_free(self->hint_text);
    self->hint_text = g_strndup(a->pv, strcspn(a->pv, " "));
  }
}

/* Whatever was shown was about a position no longer there. */
static void clear_thought(JqAnalysisView *self) {
  gtk_label_set_label(self->source, "");
  jq_analysis_row_set_text(self->thought_figures, "");
  jq_analysis_row_set_text(self->thought_line, "");
  gtk_widget_set_visible(self->thought_texts, FALSE);
  gtk_widget_set_visible(self->thought_help, TRUE);
}

/* The position shown changed (a move, browsing, another game): its last
 * report, if any. While it thinks, its reports come as they are made. */
static void on_changed(JqAnalysisView *self) {
  if (jq_game_controller_is_thinking(self->controller))
    return;
  const JqAnalysis *a = jq_game_controller_get_shown_analysis(self->controller);
  if (a != NULL)
    show_thought(self, a);
  else
    clear_thought(self);
}

static void on_thinking(JqGameController *c, gboolean thinking,
                        JqAnalysisView *self) {
  if (!thinking)
    return;
  set_thought(self, _("Thinking…"), "");
}

static void on_progress(JqGameController *c, JqAnalysis *analysis,
                        JqAnalysisView *self) {
  show_thought(self, analysis);
}

static void on_perspective(JqAnalysisView *self) {
  show_lines(self);
  on_changed(self);
}

/* ---- public ---- */

void jq_analysis_view_set_controller(JqAnalysisView *self,
                                     JqGameController *controller,
                                     GSettings *settings) {
  g_return_if_fail(JQ_IS_ANALYSIS_VIEW(self));
  g_return_if_fail(self->mode == NULL);
  self->controller = g_object_ref(controller);
  self->settings = g_object_ref(settings);
  self->mode = jq_analysis_mode_new(controller);
  g_settings_bind_with_mapping(
      settings, "analysis-lines",
      gtk_spin_button_get_adjustment(self->lines_button), "value",
      G_SETTINGS_BIND_DEFAULT, lines_from_setting, lines_to_setting, NULL,
      NULL);
  jq_analysis_mode_set_lines(
      self->mode, gtk_spin_button_get_value_as_int(self->lines_button));
  g_signal_connect_object(self->mode, "updated", G_CALLBACK(show_lines), self,
                          G_CONNECT_SWAPPED);
  g_signal_connect_object(settings, "changed::score-perspective",
                          G_CALLBACK(on_perspective), self, G_CONNECT_SWAPPED);
  g_signal_connect_object(controller, "changed", G_CALLBACK(on_changed), self,
                          G_CONNECT_SWAPPED);
  g_signal_connect_object(controller, "thinking", G_CALLBACK(on_thinking), self,
                          0);
  g_signal_connect_object(controller, "progress", G_CALLBACK(on_progress), self,
                          0);
  on_changed(self);
}

JqAnalysisMode *jq_analysis_view_get_mode(JqAnalysisView *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), NULL);
  return self->mode;
}

void jq_analysis_view_set_active(JqAnalysisView *self, gboolean active) {
  g_return_if_fail(JQ_IS_ANALYSIS_VIEW(self));
  gtk_widget_set_visible(self->lines_box, active);
  gtk_widget_set_visible(self->thought, !active);
  gtk_widget_set_visible(GTK_WIDGET(self->list), active);
  if (self->mode)
    jq_analysis_mode_set_active(self->mode, active);
  show_lines(self);
}

guint jq_analysis_view_get_row_count(JqAnalysisView *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), 0);
  return self->filled;
}

char *jq_analysis_view_get_row_text(JqAnalysisView *self, guint index) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), NULL);
  g_return_val_if_fail(index < JQ_ANALYSIS_MODE_LINES_MAX, NULL);
  return jq_analysis_row_get_text(self->rows[index]);
}

GtkWidget *jq_analysis_view_get_play_button(JqAnalysisView *self, guint index) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), NULL);
  g_return_val_if_fail(index < JQ_ANALYSIS_MODE_LINES_MAX, NULL);
  return jq_analysis_row_get_play_button(self->rows[index]);
}

char *jq_analysis_view_take_hint_text(JqAnalysisView *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), NULL);
  return g_steal_pointer(&self->hint_text);
}

gboolean jq_analysis_view_is_showing_lines(JqAnalysisView *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), FALSE);
  return gtk_widget_get_visible(GTK_WIDGET(self->list)) &&
         !gtk_widget_get_visible(self->thought);
}

GtkSpinButton *jq_analysis_view_get_lines_button(JqAnalysisView *self) {
  g_return_val_if_fail(JQ_IS_ANALYSIS_VIEW(self), NULL);
  return self->lines_button;
}

/* ---- GObject ---- */

static void jq_analysis_view_dispose(GObject *object) {
  JqAnalysisView *self = JQ_ANALYSIS_VIEW(object);
  /* Closing the window stops the analysis. */
  if (self->mode)
    jq_analysis_mode_set_active(self->mode, FALSE);
  g_clear_object(&self->mode);
  g_clear_object(&self->controller);
  g_clear_object(&self->settings);
  G_OBJECT_CLASS(jq_analysis_view_parent_class)->dispose(object);
}

static void jq_analysis_view_finalize(GObject *object) {
  g_free(JQ_ANALYSIS_VIEW(object)->hint_text);
  G_OBJECT_CLASS(jq_analysis_view_parent_class)->finalize(object);
}

static void jq_analysis_view_class_init(JqAnalysisViewClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_analysis_view_dispose;
  G_OBJECT_CLASS(klass)->finalize = jq_analysis_view_finalize;
  signals[SIGNAL_PREVIEW] = g_signal_new(
      "preview", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
      NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
}

static GtkWidget *wrapped_label(void) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_wrap(GTK_LABEL(label), TRUE);
  gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars(GTK_LABEL(label), 30);
  return label;
}

static void add_row(JqAnalysisView *self, guint index) {
  JqAnalysisRow *r = jq_analysis_row_new();
  GtkWidget *play = jq_analysis_row_get_play_button(r);
  g_object_set_data(G_OBJECT(play), "line", GUINT_TO_POINTER(index));
  g_signal_connect(play, "clicked", G_CALLBACK(on_play), self);
  gtk_widget_set_visible(GTK_WIDGET(r), FALSE);
  gtk_list_box_append(self->list, GTK_WIDGET(r));
  self->rows[index] = r;
}

static void jq_analysis_view_init(JqAnalysisView *self) {
  self->preview_line = -1;
  GtkBox *box = GTK_BOX(self);
  gtk_orientable_set_orientation(GTK_ORIENTABLE(self),
                                 GTK_ORIENTATION_VERTICAL);
  gtk_box_append(box, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));

  GtkWidget *inner = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start(inner, 12);
  gtk_widget_set_margin_end(inner, 12);
  gtk_widget_set_margin_top(inner, 12);
  gtk_widget_set_margin_bottom(inner, 12);
  gtk_box_append(box, inner);

  GtkWidget *heading = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new(_("Analysis"));
  gtk_label_set_xalign(GTK_LABEL(title), 0);
  gtk_widget_set_hexpand(title, TRUE);
  gtk_widget_add_css_class(title, "heading");
  gtk_box_append(GTK_BOX(heading), title);
  self->lines_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_visible(self->lines_box, FALSE);
  gtk_box_append(GTK_BOX(heading), self->lines_box);
  GtkWidget *lines_label = gtk_label_new_with_mnemonic(_("_Lines"));
  gtk_box_append(GTK_BOX(self->lines_box), lines_label);
  self->lines_button = GTK_SPIN_BUTTON(
      gtk_spin_button_new_with_range(1, JQ_ANALYSIS_MODE_LINES_MAX, 1));
  gtk_spin_button_set_value(self->lines_button, 3);
  gtk_label_set_mnemonic_widget(GTK_LABEL(lines_label),
                                GTK_WIDGET(self->lines_button));
  g_signal_connect(self->lines_button, "value-changed",
                   G_CALLBACK(on_lines_changed), self);
  gtk_box_append(GTK_BOX(self->lines_box), GTK_WIDGET(self->lines_button));
  /* Analysis mode on and off, here where its lines show. */
  GtkWidget *toggle = gtk_switch_new();
  gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name(GTK_ACTIONABLE(toggle), "win.analyse");
  gtk_widget_set_tooltip_text(toggle, _("Analyse the position shown"));
  gtk_accessible_update_property(GTK_ACCESSIBLE(toggle),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                 _("Analyse the position shown"), -1);
  gtk_box_append(GTK_BOX(heading), toggle);
  gtk_box_append(GTK_BOX(inner), heading);

  self->thought = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  self->source = GTK_LABEL(wrapped_label());
  gtk_widget_add_css_class(GTK_WIDGET(self->source), "caption-heading");
  self->thought_figures = jq_analysis_row_text_new(3);
  gtk_widget_add_css_class(GTK_WIDGET(self->thought_figures), "numeric");
  self->thought_line = jq_analysis_row_text_new(3);
  gtk_widget_add_css_class(GTK_WIDGET(self->thought_line), "dim-label");
  jq_analysis_row_text_add_tooltip(self->thought_line);
  self->thought_texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
  gtk_box_append(GTK_BOX(self->thought_texts),
                 GTK_WIDGET(self->thought_figures));
  gtk_box_append(GTK_BOX(self->thought_texts), GTK_WIDGET(self->thought_line));
  self->thought_help = wrapped_label();
  gtk_label_set_label(GTK_LABEL(self->thought_help),
                      _("The computer’s thinking and hints show here. Switch "
                        "on analysis to analyse the position shown."));
  gtk_box_append(GTK_BOX(self->thought), GTK_WIDGET(self->source));
  gtk_box_append(GTK_BOX(self->thought), self->thought_texts);
  gtk_box_append(GTK_BOX(self->thought), self->thought_help);
  gtk_box_append(GTK_BOX(inner), self->thought);

  self->status = GTK_LABEL(wrapped_label());
  gtk_widget_add_css_class(GTK_WIDGET(self->status), "dim-label");
  gtk_box_append(GTK_BOX(inner), GTK_WIDGET(self->status));

  self->list = GTK_LIST_BOX(gtk_list_box_new());
  gtk_list_box_set_selection_mode(self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class(GTK_WIDGET(self->list), "boxed-list");
  for (guint i = 0; i < JQ_ANALYSIS_MODE_LINES_MAX; i++)
    add_row(self, i);
  g_signal_connect(self->list, "row-activated", G_CALLBACK(on_row_activated),
                   self);
  gtk_widget_set_visible(GTK_WIDGET(self->list), FALSE);
  gtk_box_append(GTK_BOX(inner), GTK_WIDGET(self->list));
  gtk_widget_set_visible(GTK_WIDGET(self->status), FALSE);
  clear_thought(self);
  gtk_widget_set_visible(GTK_WIDGET(self), FALSE);
}
