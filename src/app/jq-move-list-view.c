#include "jq-config.h"

#include "jq-move-list-view.h"

#include <string.h>

#include <glib/gi18n.h>

struct _JqMoveListView {
  GtkWidget parent_instance;
  GtkWidget *scrolled;
  GtkWidget *placeholder;
  GtkFlowBox *flow;
  GtkLabel *game_comment; /* above the moves */
  GtkWidget *menu;        /* the moves' context menu */
  GPtrArray *moves;       /* char *, as shown */
  JqColor first_mover;
  int current;
  gboolean updating; /* selection set by the owner, not by the user */
  gboolean follow;   /* keep the newest moves in sight */
};

G_DEFINE_FINAL_TYPE(JqMoveListView, jq_move_list_view, GTK_TYPE_WIDGET)

enum { SIGNAL_BROWSE, SIGNAL_EDIT_COMMENT, N_SIGNALS };
static guint signals[N_SIGNALS];

/* With Black first the list starts with "1. …" in Red's column. */
static int offset(JqMoveListView *self) {
  return self->first_mover == JQ_BLACK ? 1 : 0;
}

/* A comment as the list shows it: small and dim, a few lines at most (the
 * whole in its tooltip); hidden while empty. */
static GtkWidget *comment_label_new(void) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_label_set_wrap(GTK_LABEL(label), TRUE);
  gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines(GTK_LABEL(label), 3);
  gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars(GTK_LABEL(label), 1);
  gtk_widget_add_css_class(label, "dim-label");
  gtk_widget_add_css_class(label, "move-comment");
  gtk_widget_set_visible(label, FALSE);
  return label;
}

static void show_comment(GtkWidget *label, const char *comment) {
  if (label == NULL)
    return;
  comment = comment != NULL ? comment : "";
  if (g_strcmp0(gtk_label_get_text(GTK_LABEL(label)), comment) == 0)
    return;
  gtk_label_set_text(GTK_LABEL(label), comment);
  gtk_widget_set_tooltip_text(label, comment[0] ? comment : NULL);
  gtk_widget_set_visible(label, comment[0] != '\0');
}

/* A move, with its number in Red's column (Black's column has none, to
 * leave its moves the room), and its comment below. */
static GtkWidget *cell_new(const char *number, const char *move) {
  GtkWidget *cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append(GTK_BOX(cell), box);
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
  gtk_widget_add_css_class(label, "move-text");
  gtk_box_append(GTK_BOX(box), label);
  /* The review's mark, "??", right after the move it judges (at the
   * cell's far end it would read as the next move's); empty until there
   * is one. */
  GtkWidget *mark = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(mark), 0);
  gtk_widget_set_hexpand(mark, TRUE);
  gtk_widget_add_css_class(mark, "move-mark");
  gtk_widget_set_visible(mark, FALSE);
  gtk_box_append(GTK_BOX(box), mark);
  GtkWidget *comment = comment_label_new();
  gtk_box_append(GTK_BOX(cell), comment);
  GtkWidget *child = gtk_flow_box_child_new();
  gtk_flow_box_child_set_child(GTK_FLOW_BOX_CHILD(child), cell);
  g_object_set_data(G_OBJECT(child), "jq-comment", comment);
  g_object_set_data(G_OBJECT(child), "jq-mark", mark);
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

void jq_move_list_view_set_comments(JqMoveListView *self,
                                    const char *const *comments) {
  g_return_if_fail(JQ_IS_MOVE_LIST_VIEW(self));
  guint n = comments != NULL ? g_strv_length((char **)comments) : 0;
  show_comment(GTK_WIDGET(self->game_comment), n > 0 ? comments[0] : NULL);
  for (guint k = 0; k < self->moves->len; k++) {
    GtkFlowBoxChild *child =
        gtk_flow_box_get_child_at_index(self->flow, (int)k + offset(self));
    show_comment(g_object_get_data(G_OBJECT(child), "jq-comment"),
                 k + 1 < n ? comments[k + 1] : NULL);
  }
}

void jq_move_list_view_set_marks(JqMoveListView *self,
                                 const char *const *marks) {
  g_return_if_fail(JQ_IS_MOVE_LIST_VIEW(self));
  guint n = marks != NULL ? g_strv_length((char **)marks) : 0;
  for (guint k = 0; k < self->moves->len; k++) {
    GtkFlowBoxChild *child =
        gtk_flow_box_get_child_at_index(self->flow, (int)k + offset(self));
    GtkWidget *label = g_object_get_data(G_OBJECT(child), "jq-mark");
    const char *mark = k < n ? marks[k] : "";
    if (g_strcmp0(gtk_label_get_text(GTK_LABEL(label)), mark) == 0)
      continue;
    gtk_label_set_text(GTK_LABEL(label), mark);
    gtk_widget_set_visible(label, mark[0] != '\0');
    /* A blunder stands out; the lesser marks less. */
    gtk_widget_remove_css_class(label, "error");
    gtk_widget_remove_css_class(label, "warning");
    if (strcmp(mark, "??") == 0)
      gtk_widget_add_css_class(label, "error");
    else if (mark[0] != '\0')
      gtk_widget_add_css_class(label, "warning");
  }
}

GtkWidget *jq_move_list_view_get_mark_label(JqMoveListView *self, guint index) {
  g_return_val_if_fail(JQ_IS_MOVE_LIST_VIEW(self), NULL);
  g_return_val_if_fail(index < self->moves->len, NULL);
  GtkFlowBoxChild *child =
      gtk_flow_box_get_child_at_index(self->flow, (int)index + offset(self));
  return g_object_get_data(G_OBJECT(child), "jq-mark");
}

const char *jq_move_list_view_get_mark(JqMoveListView *self, guint index) {
  GtkWidget *label = jq_move_list_view_get_mark_label(self, index);
  return label != NULL ? gtk_label_get_text(GTK_LABEL(label)) : NULL;
}

const char *jq_move_list_view_get_comment(JqMoveListView *self, guint ply) {
  g_return_val_if_fail(JQ_IS_MOVE_LIST_VIEW(self), NULL);
  g_return_val_if_fail(ply <= self->moves->len, NULL);
  GtkWidget *label = GTK_WIDGET(self->game_comment);
  if (ply > 0)
    label = g_object_get_data(G_OBJECT(gtk_flow_box_get_child_at_index(
                                  self->flow, (int)ply - 1 + offset(self))),
                              "jq-comment");
  return gtk_widget_get_visible(label) ? gtk_label_get_text(GTK_LABEL(label))
                                       : NULL;
}

/* The context menu of the move `ply` (0: the game only), pointing at `at`
 * in the flow box's coordinates. */
static void popup_menu(JqMoveListView *self, int ply, const GdkRectangle *at) {
  GMenu *menu = g_menu_new();
  if (ply > 0) {
    GMenuItem *item = g_menu_item_new(_("Edit _Comment…"), NULL);
    g_menu_item_set_action_and_target_value(item, "moves.edit-comment",
                                            g_variant_new_int32(ply));
    g_menu_append_item(menu, item);
    g_object_unref(item);
  }
  GMenuItem *item = g_menu_item_new(_("Edit _Game Comment…"), NULL);
  g_menu_item_set_action_and_target_value(item, "moves.edit-comment",
                                          g_variant_new_int32(0));
  g_menu_append_item(menu, item);
  g_object_unref(item);
  gtk_popover_menu_set_menu_model(GTK_POPOVER_MENU(self->menu),
                                  G_MENU_MODEL(menu));
  g_object_unref(menu);
  graphene_point_t p = GRAPHENE_POINT_INIT((float)at->x, (float)at->y), q;
  if (!gtk_widget_compute_point(GTK_WIDGET(self->flow), GTK_WIDGET(self), &p,
                                &q))
    q = p;
  GdkRectangle rect = {(int)q.x, (int)q.y, at->width, at->height};
  gtk_popover_set_pointing_to(GTK_POPOVER(self->menu), &rect);
  gtk_popover_popup(GTK_POPOVER(self->menu));
}

/* The ply of a child of the flow box, 0 for none (Black's "…"). */
static int child_ply(JqMoveListView *self, GtkFlowBoxChild *child) {
  if (child == NULL)
    return 0;
  int k = gtk_flow_box_child_get_index(child) - offset(self);
  return k >= 0 ? k + 1 : 0;
}

static void on_secondary_click(GtkGestureClick *gesture, int n_press, double x,
                               double y, JqMoveListView *self) {
  GtkFlowBoxChild *child =
      gtk_flow_box_get_child_at_pos(self->flow, (int)x, (int)y);
  gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu(self, child_ply(self, child),
             &(GdkRectangle){(int)x, (int)y, 1, 1});
}

/* The menu key: the menu of the move that has the focus, else of the one
 * shown. */
static void menu_action(GtkWidget *widget, const char *name,
                        GVariant *parameter) {
  JqMoveListView *self = JQ_MOVE_LIST_VIEW(widget);
  GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(widget));
  GtkWidget *child =
      focus ? gtk_widget_get_ancestor(focus, GTK_TYPE_FLOW_BOX_CHILD) : NULL;
  if (child != NULL && !gtk_widget_is_ancestor(child, GTK_WIDGET(self->flow)))
    child = NULL;
  if (child == NULL && self->current > 0)
    child = GTK_WIDGET(gtk_flow_box_get_child_at_index(
        self->flow, self->current - 1 + offset(self)));
  int ply = child_ply(self, GTK_FLOW_BOX_CHILD(child));
  GdkRectangle at = {0, 0, 1, 1};
  graphene_rect_t bounds;
  if (child != NULL &&
      gtk_widget_compute_bounds(child, GTK_WIDGET(self->flow), &bounds))
    at = (GdkRectangle){(int)bounds.origin.x, (int)bounds.origin.y,
                        (int)bounds.size.width, (int)bounds.size.height};
  popup_menu(self, ply, &at);
}

static void edit_comment_action(GtkWidget *widget, const char *name,
                                GVariant *parameter) {
  JqMoveListView *self = JQ_MOVE_LIST_VIEW(widget);
  int ply = g_variant_get_int32(parameter);
  if (ply < 0 || ply > (int)self->moves->len)
    return;
  g_signal_emit(self, signals[SIGNAL_EDIT_COMMENT], 0, ply);
}

GtkPopover *jq_move_list_view_get_menu(JqMoveListView *self) {
  g_return_val_if_fail(JQ_IS_MOVE_LIST_VIEW(self), NULL);
  return GTK_POPOVER(self->menu);
}

/* Scrolls so that the row of `child` is in sight: where it was laid out,
 * or before that its share of the list's height (rows with comments are
 * taller, so this is only near). */
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
  GtkWidget *child =
      GTK_WIDGET(gtk_flow_box_get_child_at_index(self->flow, index));
  GtkWidget *content = gtk_widget_get_parent(GTK_WIDGET(self->flow));
  graphene_rect_t bounds;
  if (child != NULL && gtk_widget_get_height(child) > 0 &&
      gtk_widget_compute_bounds(child, content, &bounds)) {
    top = bounds.origin.y;
    bottom = bounds.origin.y + bounds.size.height;
  }
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
  g_clear_pointer(&self->menu, gtk_widget_unparent);
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
  signals[SIGNAL_EDIT_COMMENT] =
      g_signal_new("edit-comment", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_install_action(widget_class, "moves.edit-comment", "i",
                                  edit_comment_action);
  gtk_widget_class_install_action(widget_class, "moves.menu", NULL,
                                  menu_action);
  /* The keys GNOME opens a context menu with. */
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_F10, GDK_SHIFT_MASK,
                                      "moves.menu", NULL);
  gtk_widget_class_add_binding_action(widget_class, GDK_KEY_Menu, 0,
                                      "moves.menu", NULL);
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
  self->game_comment = GTK_LABEL(comment_label_new());
  gtk_widget_set_margin_start(GTK_WIDGET(self->game_comment), 6);
  gtk_widget_set_margin_end(GTK_WIDGET(self->game_comment), 6);
  gtk_widget_set_margin_bottom(GTK_WIDGET(self->game_comment), 4);
  gtk_box_append(GTK_BOX(box), GTK_WIDGET(self->game_comment));
  self->placeholder = gtk_label_new(_("No moves yet"));
  gtk_widget_add_css_class(self->placeholder, "dim-label");
  gtk_widget_set_vexpand(self->placeholder, TRUE);
  gtk_widget_set_valign(self->placeholder, GTK_ALIGN_CENTER);
  gtk_box_append(GTK_BOX(box), self->placeholder);

  self->flow = GTK_FLOW_BOX(gtk_flow_box_new());
  gtk_flow_box_set_min_children_per_line(self->flow, 2);
  gtk_flow_box_set_max_children_per_line(self->flow, 2);
  /* Not homogeneous: a row with a comment grows, the others do not. */
  gtk_flow_box_set_homogeneous(self->flow, FALSE);
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
  GtkGesture *click = gtk_gesture_click_new();
  gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click),
                                GDK_BUTTON_SECONDARY);
  g_signal_connect(click, "pressed", G_CALLBACK(on_secondary_click), self);
  gtk_widget_add_controller(GTK_WIDGET(self->flow),
                            GTK_EVENT_CONTROLLER(click));
  self->menu = gtk_popover_menu_new_from_model(NULL);
  gtk_popover_set_has_arrow(GTK_POPOVER(self->menu), FALSE);
  gtk_widget_set_halign(self->menu, GTK_ALIGN_START);
  gtk_widget_set_parent(self->menu, GTK_WIDGET(self));
  gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scrolled), box);

  GtkAdjustment *vadj =
      gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(self->scrolled));
  /* Arrow keys move the focus through the moves: keep it in sight. */
  gtk_flow_box_set_vadjustment(self->flow, vadj);
  g_signal_connect(vadj, "notify::upper", G_CALLBACK(on_upper_changed), self);
  g_signal_connect(vadj, "notify::page-size", G_CALLBACK(on_upper_changed),
                   self);
}
