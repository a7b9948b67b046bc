#include "jq-config.h"

#include "jq-move-list-view.h"

#include <glib/gi18n.h>

struct _JqMoveListView {
  GtkWidget parent_instance;
  GtkWidget *scrolled;
  GtkWidget *placeholder;
  GtkFlowBox *flow;
  GPtrArray *moves; /* char *, as shown */
  JqColor first_mover;
  int current;
  gboolean updating; /* selection set by the owner, not by the user */
  gboolean follow;   /* keep the newest moves in sight */
};

G_DEFINE_FINAL_TYPE(JqMoveListView, jq_move_list_view, GTK_TYPE_WIDGET)

enum { SIGNAL_BROWSE, N_SIGNALS };
static guint signals[N_SIGNALS];

/* With Black first the list starts with "1. …" in Red's column. */
static int offset(JqMoveListView *self) {
  return self->first_mover == JQ_BLACK ? 1 : 0;
}

/* A move, with its number in Red's column (Black's column has none, to
 * leave its moves the room). */
static GtkWidget *cell_new(const char *number, const char *move) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
  if (number != NULL) {
    GtkWidget *num = gtk_label_new(number);
    gtk_label_set_width_chars(GTK_LABEL(num), 3);
    gtk_label_set_xalign(GTK_LABEL(num), 1);
    gtk_widget_add_css_class(num, "dim-label");
    gtk_widget_add_css_class(num, "numeric");
    gtk_box_append(GTK_BOX(box), num);
  }
  GtkWidget *label = gtk_label_new(move);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand(label, TRUE);
  gtk_widget_add_css_class(label, "move-text");
  gtk_box_append(GTK_BOX(box), label);
  GtkWidget *child = gtk_flow_box_child_new();
  gtk_flow_box_child_set_child(GTK_FLOW_BOX_CHILD(child), box);
  return child;
}

int jq_move_list_number(int index, JqColor first_mover, JqColor *mover) {
  if (mover != NULL)
    *mover = (index % 2 == 0) == (first_mover == JQ_RED) ? JQ_RED : JQ_BLACK;
  return (index + (first_mover == JQ_BLACK ? 1 : 0)) / 2 + 1;
}

static void append_move(JqMoveListView *self, guint k) {
  JqColor mover;
  int n = jq_move_list_number((int)k, self->first_mover, &mover);
  char *number = mover == JQ_RED ? g_strdup_printf("%d.", n) : NULL;
  GtkWidget *child = cell_new(number, g_ptr_array_index(self->moves, k));
  g_free(number);
  gtk_flow_box_append(self->flow, child);
}

static void remove_children_from(JqMoveListView *self, int index) {
  GtkFlowBoxChild *child;
  while ((child = gtk_flow_box_get_child_at_index(self->flow, index)) != NULL)
    gtk_flow_box_remove(self->flow, GTK_WIDGET(child));
}

void jq_move_list_view_set_moves(JqMoveListView *self, const char *const *moves,
                                 JqColor first_mover) {
  g_return_if_fail(JQ_IS_MOVE_LIST_VIEW(self));
  guint n = moves != NULL ? g_strv_length((char **)moves) : 0;
  self->updating = TRUE;
  guint same = 0;
  if (first_mover == self->first_mover)
    while (same < n && same < self->moves->len &&
           g_strcmp0(moves[same], g_ptr_array_index(self->moves, same)) == 0)
      same++;
  if (first_mover != self->first_mover || (same == 0 && n == 0)) {
    remove_children_from(self, 0);
    g_ptr_array_set_size(self->moves, 0);
    self->first_mover = first_mover;
    same = 0;
    if (first_mover == JQ_BLACK) {
      GtkWidget *dots = cell_new("1.", "…");
      gtk_widget_set_sensitive(dots, FALSE);
      gtk_flow_box_append(self->flow, dots);
    }
  } else {
    remove_children_from(self, (int)same + offset(self));
    g_ptr_array_set_size(self->moves, same);
  }
  for (guint k = same; k < n; k++) {
    g_ptr_array_add(self->moves, g_strdup(moves[k]));
    append_move(self, k);
  }
  gtk_widget_set_visible(self->placeholder, n == 0);
  gtk_widget_set_visible(GTK_WIDGET(self->flow), n > 0);
  self->updating = FALSE;
  if (self->current > (int)n)
    self->current = (int)n;
}

/* Scrolls so that the row of `child` is in sight. Rows are all alike, so
 * its place is its share of the list's height. */
static void scroll_to_child(JqMoveListView *self, int index) {
  GtkAdjustment *adj =
      gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(self->scrolled));
  int children = (int)self->moves->len + offset(self);
  int rows = (children + 1) / 2;
  if (rows == 0)
    return;
  double upper = gtk_adjustment_get_upper(adj);
  double page = gtk_adjustment_get_page_size(adj);
  double top = upper * (index / 2) / rows;
  double bottom = upper * (index / 2 + 1) / rows;
  double value = gtk_adjustment_get_value(adj);
  if (top < value)
    gtk_adjustment_set_value(adj, top);
  else if (bottom > value + page)
    gtk_adjustment_set_value(adj, bottom - page);
}

void jq_move_list_view_set_current(JqMoveListView *self, int ply) {
  g_return_if_fail(JQ_IS_MOVE_LIST_VIEW(self));
  int n = (int)self->moves->len;
  ply = CLAMP(ply, 0, n);
  self->current = ply;
  self->follow = ply == n;
  self->updating = TRUE;
  if (ply == 0) {
    gtk_flow_box_unselect_all(self->flow);
  } else {
    GtkFlowBoxChild *child =
        gtk_flow_box_get_child_at_index(self->flow, ply - 1 + offset(self));
    if (child != NULL && !gtk_flow_box_child_is_selected(child))
      gtk_flow_box_select_child(self->flow, child);
    if (!self->follow)
      scroll_to_child(self, ply - 1 + offset(self));
  }
  self->updating = FALSE;
  if (self->follow) {
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(
        GTK_SCROLLED_WINDOW(self->scrolled));
    gtk_adjustment_set_value(adj, gtk_adjustment_get_upper(adj));
  }
}

int jq_move_list_view_get_current(JqMoveListView *self) {
  g_return_val_if_fail(JQ_IS_MOVE_LIST_VIEW(self), 0);
  return self->current;
}

guint jq_move_list_view_get_count(JqMoveListView *self) {
  g_return_val_if_fail(JQ_IS_MOVE_LIST_VIEW(self), 0);
  return self->moves->len;
}

const char *jq_move_list_view_get_move(JqMoveListView *self, guint index) {
  g_return_val_if_fail(JQ_IS_MOVE_LIST_VIEW(self), NULL);
  g_return_val_if_fail(index < self->moves->len, NULL);
  return g_ptr_array_index(self->moves, index);
}

static void on_selected_changed(GtkFlowBox *flow, JqMoveListView *self) {
  if (self->updating)
    return;
  GList *selected = gtk_flow_box_get_selected_children(flow);
  if (selected == NULL)
    return;
  int index = gtk_flow_box_child_get_index(selected->data);
  g_list_free(selected);
  int k = index - offset(self);
  if (k < 0 || k + 1 == self->current)
    return;
  g_signal_emit(self, signals[SIGNAL_BROWSE], 0, k + 1);
}

/* While the newest move is shown, a growing list scrolls with it. */
static void on_upper_changed(GtkAdjustment *adj, GParamSpec *pspec,
                             JqMoveListView *self) {
  if (self->follow)
    gtk_adjustment_set_value(adj, gtk_adjustment_get_upper(adj) -
                                      gtk_adjustment_get_page_size(adj));
}

GtkWidget *jq_move_list_view_new(void) {
  return g_object_new(JQ_TYPE_MOVE_LIST_VIEW, NULL);
}

static void jq_move_list_view_dispose(GObject *object) {
  JqMoveListView *self = JQ_MOVE_LIST_VIEW(object);
  g_clear_pointer(&self->scrolled, gtk_widget_unparent);
  G_OBJECT_CLASS(jq_move_list_view_parent_class)->dispose(object);
}

static void jq_move_list_view_finalize(GObject *object) {
  JqMoveListView *self = JQ_MOVE_LIST_VIEW(object);
  g_ptr_array_unref(self->moves);
  G_OBJECT_CLASS(jq_move_list_view_parent_class)->finalize(object);
}

static void jq_move_list_view_class_init(JqMoveListViewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = jq_move_list_view_dispose;
  object_class->finalize = jq_move_list_view_finalize;
  gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name(widget_class, "jqmovelist");
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  signals[SIGNAL_BROWSE] =
      g_signal_new("browse", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void jq_move_list_view_init(JqMoveListView *self) {
  self->moves = g_ptr_array_new_with_free_func(g_free);
  self->first_mover = JQ_RED;
  self->follow = TRUE;

  self->scrolled = gtk_scrolled_window_new();
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(self->scrolled),
                                 GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_parent(self->scrolled, GTK_WIDGET(self));

  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  self->placeholder = gtk_label_new(_("No moves yet"));
  gtk_widget_add_css_class(self->placeholder, "dim-label");
  gtk_widget_set_vexpand(self->placeholder, TRUE);
  gtk_widget_set_valign(self->placeholder, GTK_ALIGN_CENTER);
  gtk_box_append(GTK_BOX(box), self->placeholder);

  self->flow = GTK_FLOW_BOX(gtk_flow_box_new());
  gtk_flow_box_set_min_children_per_line(self->flow, 2);
  gtk_flow_box_set_max_children_per_line(self->flow, 2);
  gtk_flow_box_set_homogeneous(self->flow, TRUE);
  gtk_flow_box_set_selection_mode(self->flow, GTK_SELECTION_SINGLE);
  gtk_flow_box_set_activate_on_single_click(self->flow, TRUE);
  gtk_widget_set_valign(GTK_WIDGET(self->flow), GTK_ALIGN_START);
  gtk_widget_add_css_class(GTK_WIDGET(self->flow), "move-list");
  gtk_widget_set_visible(GTK_WIDGET(self->flow), FALSE);
  gtk_accessible_update_property(GTK_ACCESSIBLE(self->flow),
                                 GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);
  g_signal_connect(self->flow, "selected-children-changed",
                   G_CALLBACK(on_selected_changed), self);
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(self->flow));
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scrolled), box);

  GtkAdjustment *vadj =
      gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(self->scrolled));
  /* Arrow keys move the focus through the moves: keep it in sight. */
  gtk_flow_box_set_vadjustment(self->flow, vadj);
  g_signal_connect(vadj, "notify::upper", G_CALLBACK(on_upper_changed), self);
  g_signal_connect(vadj, "notify::page-size", G_CALLBACK(on_upper_changed),
                   self);
}
