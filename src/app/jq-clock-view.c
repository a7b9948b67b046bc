#include "jq-config.h"

#include "jq-clock-view.h"

#include <glib/gi18n-lib.h>

/* Wakes when the running clock's text would change (once a second, ten
 * times under 10 s), but not sooner than this after the last wake: a
 * clock read just before its change, or a time source that stands
 * still, does not keep the main loop busy. */
#define TICK_MIN_MS 10

struct _JqClockView {
  GtkWidget parent_instance;

  JqGameController *controller;
  GtkWidget *box[2];  /* per side: its name over its time */
  GtkWidget *name[2]; /* "Red", or "Red · Fairy-Stockfish" */
  GtkWidget *time[2]; /* [JQ_RED], [JQ_BLACK] */
  guint tick;
  JqColor top;
};

G_DEFINE_FINAL_TYPE(JqClockView, jq_clock_view, GTK_TYPE_WIDGET)

static void refresh(JqClockView *self);

static gboolean on_tick(gpointer data) {
  JqClockView *self = data;
  self->tick = 0;
  refresh(self);
  return G_SOURCE_REMOVE;
}

static void refresh(JqClockView *self) {
  const JqGameClock *clock =
      self->controller ? jq_game_controller_get_clock(self->controller) : NULL;
  gtk_widget_set_visible(GTK_WIDGET(self), clock != NULL);
  int running = clock ? jq_game_clock_running_side(clock) : -1;
  for (int side = 0; side < 2; side++) {
    if (!clock)
      break;
    const char *colour = side == JQ_RED ? _("Red") : _("Black");
    const char *engine =
        jq_game_controller_get_engine_name(self->controller, side);
    g_autofree char *name =
        engine ? g_strdup_printf("%s · %s", colour, engine) : NULL;
    const char *shown = name ? name : colour;
    if (g_strcmp0(gtk_label_get_text(GTK_LABEL(self->name[side])), shown))
      gtk_label_set_text(GTK_LABEL(self->name[side]), shown);
    g_autofree char *text =
        jq_game_clock_format(jq_game_clock_remaining(clock, side));
    if (g_strcmp0(gtk_label_get_text(GTK_LABEL(self->time[side])), text))
      gtk_label_set_text(GTK_LABEL(self->time[side]), text);
    if (running == side)
      gtk_widget_add_css_class(self->box[side], "clock-running");
    else
      gtk_widget_remove_css_class(self->box[side], "clock-running");
  }
  /* Ticks only while a clock runs, and only when its text would change. */
  g_clear_handle_id(&self->tick, g_source_remove);
  int lasts =
      running >= 0
          ? jq_game_clock_format_lasts(jq_game_clock_remaining(clock, running))
          : 0;
  if (lasts > 0) {
    self->tick = g_timeout_add((guint)MAX(lasts, TICK_MIN_MS), on_tick, self);
    g_source_set_name_by_id(self->tick, "jieqi: clock view");
  }
}

void jq_clock_view_update(JqClockView *self, JqColor top) {
  g_return_if_fail(JQ_IS_CLOCK_VIEW(self));
  if (top != self->top) {
    self->top = top;
    /* The top side's clock first, as the board has it. */
    gtk_widget_insert_before(self->box[top], GTK_WIDGET(self), self->box[!top]);
  }
  refresh(self);
}

void jq_clock_view_set_controller(JqClockView *self,
                                  JqGameController *controller) {
  g_return_if_fail(JQ_IS_CLOCK_VIEW(self));
  g_set_object(&self->controller, controller);
  refresh(self);
}

const char *jq_clock_view_get_text(JqClockView *self, JqColor side) {
  g_return_val_if_fail(JQ_IS_CLOCK_VIEW(self), NULL);
  return gtk_label_get_text(GTK_LABEL(self->time[side]));
}

const char *jq_clock_view_get_name(JqClockView *self, JqColor side) {
  g_return_val_if_fail(JQ_IS_CLOCK_VIEW(self), NULL);
  return gtk_label_get_text(GTK_LABEL(self->name[side]));
}

gboolean jq_clock_view_is_running(JqClockView *self, JqColor side) {
  g_return_val_if_fail(JQ_IS_CLOCK_VIEW(self), FALSE);
  return gtk_widget_has_css_class(self->box[side], "clock-running");
}

GtkWidget *jq_clock_view_new(void) {
  return g_object_new(JQ_TYPE_CLOCK_VIEW, NULL);
}

static void jq_clock_view_dispose(GObject *object) {
  JqClockView *self = JQ_CLOCK_VIEW(object);
  g_clear_handle_id(&self->tick, g_source_remove);
  g_clear_object(&self->controller);
  for (int side = 0; side < 2; side++)
    g_clear_pointer(&self->box[side], gtk_widget_unparent);
  G_OBJECT_CLASS(jq_clock_view_parent_class)->dispose(object);
}

static void jq_clock_view_class_init(JqClockViewClass *klass) {
  G_OBJECT_CLASS(klass)->dispose = jq_clock_view_dispose;
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name(widget_class, "clocks");
}

static void jq_clock_view_init(JqClockView *self) {
  GtkLayoutManager *layout = gtk_widget_get_layout_manager(GTK_WIDGET(self));
  gtk_box_layout_set_spacing(GTK_BOX_LAYOUT(layout), 12);
  gtk_box_layout_set_homogeneous(GTK_BOX_LAYOUT(layout), TRUE);
  self->top = JQ_BLACK;
  /* Black's first: the board's usual top. */
  const JqColor order[] = {JQ_BLACK, JQ_RED};
  for (int i = 0; i < 2; i++) {
    JqColor side = order[i];
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_add_css_class(box, "clock");
    gtk_widget_add_css_class(box, "card");
    GtkWidget *name = gtk_label_new(side == JQ_RED ? _("Red") : _("Black"));
    gtk_widget_add_css_class(name, "caption");
    gtk_label_set_ellipsize(GTK_LABEL(name), PANGO_ELLIPSIZE_END);
    GtkWidget *time = gtk_label_new("");
    gtk_widget_add_css_class(time, "clock-time");
    gtk_widget_add_css_class(time, "numeric");
    gtk_widget_add_css_class(time, "title-2");
    gtk_box_append(GTK_BOX(box), name);
    gtk_box_append(GTK_BOX(box), time);
    gtk_widget_set_parent(box, GTK_WIDGET(self));
    self->box[side] = box;
    self->name[side] = name;
    self->time[side] = time;
  }
  gtk_widget_set_visible(GTK_WIDGET(self), FALSE);
}
