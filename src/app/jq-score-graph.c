#include "jq-config.h"

#include "jq-score-graph.h"

#include <glib/gi18n.h>

#include "jq-review-marks.h"

/* Room around the curve, in pixels. */
#define MARGIN 4.0
#define GRAPH_HEIGHT 72

struct _JqScoreGraph {
  GtkWidget parent_instance;
  GArray *cp;   /* int, one a position */
  GArray *have; /* gboolean */
  int current;
};

G_DEFINE_FINAL_TYPE(JqScoreGraph, jq_score_graph, GTK_TYPE_WIDGET)

enum { SIGNAL_BROWSE, N_SIGNALS };
static guint signals[N_SIGNALS];

static int count_of(JqScoreGraph *self) { return (int)self->cp->len; }

double jq_score_graph_get_x(JqScoreGraph *self, int ply) {
  g_return_val_if_fail(JQ_IS_SCORE_GRAPH(self), 0);
  double width = gtk_widget_get_width(GTK_WIDGET(self)) - 2 * MARGIN;
  int n = count_of(self);
  if (n <= 1)
    return MARGIN + width / 2;
  return MARGIN + width * ply / (n - 1);
}

int jq_score_graph_ply_at(JqScoreGraph *self, double x) {
  g_return_val_if_fail(JQ_IS_SCORE_GRAPH(self), -1);
  int n = count_of(self);
  if (n == 0)
    return -1;
  if (n == 1)
    return 0;
  double width = gtk_widget_get_width(GTK_WIDGET(self)) - 2 * MARGIN;
  if (width <= 0)
    return -1;
  int ply = (int)(((x - MARGIN) / width) * (n - 1) + 0.5);
  return CLAMP(ply, 0, n - 1);
}

static double y_of(JqScoreGraph *self, int cp) {
  double height = gtk_widget_get_height(GTK_WIDGET(self)) - 2 * MARGIN;
  return MARGIN + height / 2 - (height / 2) * cp / JQ_REVIEW_GRAPH_CP;
}

static void snapshot(GtkWidget *widget, GtkSnapshot *snap) {
  JqScoreGraph *self = JQ_SCORE_GRAPH(widget);
  int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
  if (w <= 0 || h <= 0)
    return;
  cairo_t *cr = gtk_snapshot_append_cairo(
      snap, &GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h));
  GdkRGBA fg;
  gtk_style_context_get_color(gtk_widget_get_style_context(widget), &fg);
  /* Black's half a shade darker than Red's. */
  cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.08);
  cairo_rectangle(cr, 0, h / 2.0, w, h / 2.0);
  cairo_fill(cr);
  double zero = y_of(self, 0);
  int n = count_of(self);
  /* Red's advantage filled above the line, Black's below. */
  cairo_set_source_rgba(cr, 0.80, 0.15, 0.15, 0.35);
  for (int pass = 0; pass < 2; pass++) {
    gboolean open = FALSE;
    double last_x = 0;
    for (int i = 0; i < n; i++) {
      if (!g_array_index(self->have, gboolean, i)) {
        if (open) {
          cairo_line_to(cr, last_x, zero);
          cairo_close_path(cr);
          open = FALSE;
        }
        continue;
      }
      double x = jq_score_graph_get_x(self, i);
      double y = y_of(self, g_array_index(self->cp, int, i));
      if (!open) {
        cairo_move_to(cr, x, zero);
        open = TRUE;
      }
      cairo_line_to(cr, x, y);
      last_x = x;
    }
    if (open) {
      cairo_line_to(cr, last_x, zero);
      cairo_close_path(cr);
    }
    if (pass == 0) {
      /* Fill only Red's side, then the curve itself over everything. */
      cairo_save(cr);
      cairo_rectangle(cr, 0, 0, w, zero);
      cairo_clip(cr);
      cairo_fill_preserve(cr);
      cairo_restore(cr);
      cairo_new_path(cr);
      cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.25);
      cairo_save(cr);
      cairo_rectangle(cr, 0, zero, w, h - zero);
      cairo_clip(cr);
    } else {
      cairo_fill(cr);
      cairo_restore(cr);
    }
  }
  /* The zero line. */
  cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.45);
  cairo_set_line_width(cr, 1);
  cairo_move_to(cr, 0, (int)zero + 0.5);
  cairo_line_to(cr, w, (int)zero + 0.5);
  cairo_stroke(cr);
  /* The curve and its points. */
  cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.9);
  cairo_set_line_width(cr, 1.5);
  gboolean drawing = FALSE;
  for (int i = 0; i < n; i++) {
    if (!g_array_index(self->have, gboolean, i)) {
      drawing = FALSE;
      continue;
    }
    double x = jq_score_graph_get_x(self, i);
    double y = y_of(self, g_array_index(self->cp, int, i));
    if (drawing)
      cairo_line_to(cr, x, y);
    else
      cairo_move_to(cr, x, y);
    drawing = TRUE;
  }
  cairo_stroke(cr);
  /* The position shown. */
  if (self->current >= 0 && self->current < n) {
    double x = jq_score_graph_get_x(self, self->current);
    cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9);
    cairo_set_line_width(cr, 1.5);
    cairo_move_to(cr, x, 0);
    cairo_line_to(cr, x, h);
    cairo_stroke(cr);
    if (g_array_index(self->have, gboolean, self->current)) {
      cairo_arc(cr, x, y_of(self, g_array_index(self->cp, int, self->current)),
                3.5, 0, 2 * G_PI);
      cairo_fill(cr);
    }
  }
  cairo_destroy(cr);
}

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline,
                    int *natural_baseline) {
  if (orientation == GTK_ORIENTATION_HORIZONTAL) {
    *minimum = 60;
    *natural = 200;
  } else {
    *minimum = *natural = GRAPH_HEIGHT;
  }
}

static void browse_to(JqScoreGraph *self, int ply) {
  if (ply >= 0 && ply < count_of(self))
    g_signal_emit(self, signals[SIGNAL_BROWSE], 0, ply);
}

void jq_score_graph_click(JqScoreGraph *self, double x) {
  g_return_if_fail(JQ_IS_SCORE_GRAPH(self));
  gtk_widget_grab_focus(GTK_WIDGET(self));
  browse_to(self, jq_score_graph_ply_at(self, x));
}

static void on_pressed(GtkGestureClick *gesture, int n_press, double x,
                       double y, JqScoreGraph *self) {
  jq_score_graph_click(self, x);
}

static gboolean on_key(GtkEventControllerKey *controller, guint keyval,
                       guint keycode, GdkModifierType state,
                       JqScoreGraph *self) {
  int n = count_of(self);
  switch (keyval) {
  case GDK_KEY_Left: browse_to(self, MAX(self->current - 1, 0)); return TRUE;
  case GDK_KEY_Right:
    browse_to(self, MIN(self->current + 1, n - 1));
    return TRUE;
  case GDK_KEY_Home: browse_to(self, 0); return TRUE;
  case GDK_KEY_End: browse_to(self, n - 1); return TRUE;
  default: return FALSE;
  }
}

void jq_score_graph_set_scores(JqScoreGraph *self, const int *red_cp,
                               const gboolean *have, int count) {
  g_return_if_fail(JQ_IS_SCORE_GRAPH(self));
  count = MAX(count, 0);
  g_array_set_size(self->cp, 0);
  g_array_set_size(self->have, 0);
  for (int i = 0; i < count; i++) {
    int cp = CLAMP(red_cp[i], -JQ_REVIEW_GRAPH_CP, JQ_REVIEW_GRAPH_CP);
    gboolean h = have[i] != FALSE;
    g_array_append_val(self->cp, cp);
    g_array_append_val(self->have, h);
  }
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

int jq_score_graph_get_point_count(JqScoreGraph *self) {
  g_return_val_if_fail(JQ_IS_SCORE_GRAPH(self), 0);
  int points = 0;
  for (guint i = 0; i < self->have->len; i++)
    points += g_array_index(self->have, gboolean, i) ? 1 : 0;
  return points;
}

void jq_score_graph_set_current(JqScoreGraph *self, int ply) {
  g_return_if_fail(JQ_IS_SCORE_GRAPH(self));
  if (self->current == ply)
    return;
  self->current = ply;
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

int jq_score_graph_get_current(JqScoreGraph *self) {
  g_return_val_if_fail(JQ_IS_SCORE_GRAPH(self), -1);
  return self->current;
}

GtkWidget *jq_score_graph_new(void) {
  return g_object_new(JQ_TYPE_SCORE_GRAPH, NULL);
}

static void jq_score_graph_finalize(GObject *object) {
  JqScoreGraph *self = JQ_SCORE_GRAPH(object);
  g_array_unref(self->cp);
  g_array_unref(self->have);
  G_OBJECT_CLASS(jq_score_graph_parent_class)->finalize(object);
}

static void jq_score_graph_class_init(JqScoreGraphClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->finalize = jq_score_graph_finalize;
  widget_class->snapshot = snapshot;
  widget_class->measure = measure;
  gtk_widget_class_set_css_name(widget_class, "scoregraph");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  signals[SIGNAL_BROWSE] =
      g_signal_new("browse", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void jq_score_graph_init(JqScoreGraph *self) {
  self->cp = g_array_new(FALSE, FALSE, sizeof(int));
  self->have = g_array_new(FALSE, FALSE, sizeof(gboolean));
  self->current = -1;
  gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
  /* A card like the side panel's lists, the curve kept inside it. */
  gtk_widget_add_css_class(GTK_WIDGET(self), "card");
  gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_tooltip_text(
      GTK_WIDGET(self),
      _("Red's score over the game; click to see that position"));
  gtk_accessible_update_property(
      GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
      _("Score graph: Red's score over the game"), -1);
  GtkGesture *click = gtk_gesture_click_new();
  g_signal_connect(click, "pressed", G_CALLBACK(on_pressed), self);
  gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
  GtkEventController *keys = gtk_event_controller_key_new();
  g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), self);
  gtk_widget_add_controller(GTK_WIDGET(self), keys);
}
