#include "jq-config.h"

#include "jq-thinking-indicator.h"

#define DOTS 3
#define DOT 6.0f /* diameter, pixels */
#define GAP 4.0f
/* Twice a second: enough to show it is alive, two frames a second. */
#define STEP_MS 500
/* The dots not lit, against the lit one. */
#define DIM 0.3f

struct _JqThinkingIndicator {
  GtkWidget parent_instance;
  guint timer;
  guint steps;
};

G_DEFINE_FINAL_TYPE(JqThinkingIndicator, jq_thinking_indicator, GTK_TYPE_WIDGET)

static gboolean on_step(gpointer data) {
  JqThinkingIndicator *self = data;
  self->steps++;
  /* Same size: a redraw, not a layout. */
  gtk_widget_queue_draw(GTK_WIDGET(self));
  return G_SOURCE_CONTINUE;
}

static void jq_thinking_indicator_map(GtkWidget *widget) {
  JqThinkingIndicator *self = JQ_THINKING_INDICATOR(widget);
  GTK_WIDGET_CLASS(jq_thinking_indicator_parent_class)->map(widget);
  if (!self->timer) {
    self->timer = g_timeout_add(STEP_MS, on_step, self);
    g_source_set_name_by_id(self->timer, "jieqi: thinking indicator");
  }
}

static void jq_thinking_indicator_unmap(GtkWidget *widget) {
  JqThinkingIndicator *self = JQ_THINKING_INDICATOR(widget);
  g_clear_handle_id(&self->timer, g_source_remove);
  GTK_WIDGET_CLASS(jq_thinking_indicator_parent_class)->unmap(widget);
}

static void jq_thinking_indicator_measure(GtkWidget *widget,
                                          GtkOrientation orientation,
                                          int for_size, int *minimum,
                                          int *natural, int *minimum_baseline,
                                          int *natural_baseline) {
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int)(DOTS * DOT + (DOTS - 1) * GAP);
  else
    *minimum = *natural = (int)DOT;
}

static void jq_thinking_indicator_snapshot(GtkWidget *widget,
                                           GtkSnapshot *snapshot) {
  JqThinkingIndicator *self = JQ_THINKING_INDICATOR(widget);
  GdkRGBA color;
  /* The text's colour, as the status line beside it. */
#if GTK_CHECK_VERSION(4, 10, 0)
  gtk_widget_get_color(widget, &color);
#else
  gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
#endif
  float y = ((float)gtk_widget_get_height(widget) - DOT) / 2.0f;
  guint lit = self->steps % DOTS;
  for (guint i = 0; i < DOTS; i++) {
    graphene_rect_t rect =
        GRAPHENE_RECT_INIT((float)i * (DOT + GAP), y, DOT, DOT);
    GskRoundedRect round;
    gsk_rounded_rect_init_from_rect(&round, &rect, DOT / 2.0f);
    GdkRGBA dot = color;
    if (i != lit)
      dot.alpha *= DIM;
    gtk_snapshot_push_rounded_clip(snapshot, &round);
    gtk_snapshot_append_color(snapshot, &dot, &rect);
    gtk_snapshot_pop(snapshot);
  }
}

guint jq_thinking_indicator_get_steps(JqThinkingIndicator *self) {
  g_return_val_if_fail(JQ_IS_THINKING_INDICATOR(self), 0);
  return self->steps;
}

gboolean jq_thinking_indicator_is_stepping(JqThinkingIndicator *self) {
  g_return_val_if_fail(JQ_IS_THINKING_INDICATOR(self), FALSE);
  return self->timer != 0;
}

GtkWidget *jq_thinking_indicator_new(void) {
  return g_object_new(JQ_TYPE_THINKING_INDICATOR, NULL);
}

static void jq_thinking_indicator_dispose(GObject *object) {
  JqThinkingIndicator *self = JQ_THINKING_INDICATOR(object);
  g_clear_handle_id(&self->timer, g_source_remove);
  G_OBJECT_CLASS(jq_thinking_indicator_parent_class)->dispose(object);
}

static void jq_thinking_indicator_class_init(JqThinkingIndicatorClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_thinking_indicator_dispose;
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  widget_class->map = jq_thinking_indicator_map;
  widget_class->unmap = jq_thinking_indicator_unmap;
  widget_class->measure = jq_thinking_indicator_measure;
  widget_class->snapshot = jq_thinking_indicator_snapshot;
  gtk_widget_class_set_css_name(widget_class, "thinking-indicator");
  /* The status line beside it says the same in words. */
  gtk_widget_class_set_accessible_role(widget_class,
                                       GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void jq_thinking_indicator_init(JqThinkingIndicator *self) {
  gtk_widget_set_valign(GTK_WIDGET(self), GTK_ALIGN_CENTER);
}
