#include "jq-config.h"

#include "jq-pieces-panel.h"

#include <string.h>

#include <glib/gi18n.h>

#include "jq-board-draw.h"
#include "jq-tooltips.h"

/* The order of the pieces in a row: the strong ones first. */
static const JqPieceType row_order[] = {
    JQ_CHARIOT, JQ_HORSE, JQ_CANNON, JQ_ADVISOR, JQ_ELEPHANT, JQ_PAWN,
};

typedef struct {
  GtkWidget *box;
  GtkLabel *name;
  GtkLabel *player;
  GtkLabel *hidden_caption;
  GtkBox *hidden;
  GtkLabel *lost_caption;
  GtkBox *lost;
  /* What the chips show, so that a move that changes neither line keeps
   * them. shown FALSE: not yet. */
  gboolean shown, shown_traditional;
  int shown_hidden[JQ_TYPE_COUNT];
  int shown_lost[JQ_TYPE_COUNT];
} SideWidgets;

struct _JqPiecesPanel {
  GtkWidget parent_instance;
  GtkWidget *box;
  SideWidgets sides[2];
};

G_DEFINE_FINAL_TYPE(JqPiecesPanel, jq_pieces_panel, GTK_TYPE_WIDGET)

static const char *type_name(JqPieceType type) {
  switch (type) {
  case JQ_KING: return _("King");
  case JQ_ADVISOR: return _("Advisor");
  case JQ_ELEPHANT: return _("Elephant");
  case JQ_HORSE: return _("Horse");
  case JQ_CHARIOT: return _("Chariot");
  case JQ_CANNON: return _("Cannon");
  case JQ_PAWN: return _("Pawn");
  case JQ_NO_TYPE: break;
  }
  return "";
}

static GtkWidget *caption_new(void) {
  GtkWidget *label = gtk_label_new(NULL);
  gtk_label_set_xalign(GTK_LABEL(label), 0);
  gtk_widget_add_css_class(label, "caption");
  gtk_widget_add_css_class(label, "dim-label");
  return label;
}

/* One line of chips: at most six types and the unknown ones, which fit
 * the panel's width, so the panel never grows taller with them. An empty
 * line keeps a chip's height (style.css): a line that came and went with
 * the first lost piece resized the window's contents, board included, in
 * the middle of a game. */
static GtkWidget *chips_new(void) {
  GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 3);
  gtk_widget_add_css_class(box, "piece-chips");
  gtk_widget_set_halign(box, GTK_ALIGN_START);
  /* Pictures, not controls: keep them out of the focus chain. */
  gtk_widget_set_can_focus(box, FALSE);
  return box;
}

static void side_init(SideWidgets *side, JqColor color) {
  side->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class(side->box, "pieces-side");

  GtkWidget *header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *dot = gtk_label_new(NULL);
  gtk_widget_add_css_class(dot, "side-dot");
  gtk_widget_add_css_class(dot, color == JQ_RED ? "red" : "black");
  gtk_widget_set_valign(dot, GTK_ALIGN_CENTER);
  gtk_box_append(GTK_BOX(header), dot);
  side->name =
      GTK_LABEL(gtk_label_new(color == JQ_RED ? _("Red") : _("Black")));
  gtk_widget_add_css_class(GTK_WIDGET(side->name), "heading");
  gtk_box_append(GTK_BOX(header), GTK_WIDGET(side->name));
  side->player = GTK_LABEL(gtk_label_new(NULL));
  gtk_widget_set_hexpand(GTK_WIDGET(side->player), TRUE);
  gtk_label_set_xalign(side->player, 1);
  gtk_widget_add_css_class(GTK_WIDGET(side->player), "dim-label");
  gtk_box_append(GTK_BOX(header), GTK_WIDGET(side->player));
  gtk_box_append(GTK_BOX(side->box), header);

  side->hidden_caption = GTK_LABEL(caption_new());
  gtk_box_append(GTK_BOX(side->box), GTK_WIDGET(side->hidden_caption));
  side->hidden = GTK_BOX(chips_new());
  gtk_box_append(GTK_BOX(side->box), GTK_WIDGET(side->hidden));
  side->lost_caption = GTK_LABEL(caption_new());
  gtk_box_append(GTK_BOX(side->box), GTK_WIDGET(side->lost_caption));
  side->lost = GTK_BOX(chips_new());
  gtk_box_append(GTK_BOX(side->box), GTK_WIDGET(side->lost));
}

static void clear_chips(GtkBox *box) {
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child(GTK_WIDGET(box))) != NULL)
    gtk_box_remove(box, child);
}

char *jq_pieces_panel_chip_tooltip(GtkWidget *chip) {
  g_return_val_if_fail(GTK_IS_WIDGET(chip), NULL);
  JqPieceType type = (JqPieceType)GPOINTER_TO_INT(
      g_object_get_data(G_OBJECT(chip), "piece-type"));
  int count = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(chip), "piece-count"));
  return type == JQ_NO_TYPE
             /* TRANSLATORS: a captured face-down piece nobody saw; %d is
              * how many. */
             ? g_strdup_printf(_("Unknown face-down piece: %d"), count)
             /* TRANSLATORS: a piece name and how many, "Chariot: 2". */
             : g_strdup_printf(_("%s: %d"), type_name(type), count);
}

static gboolean on_chip_query_tooltip(GtkWidget *chip, int x, int y,
                                      gboolean keyboard, GtkTooltip *tooltip,
                                      gpointer data) {
  char *tip = jq_pieces_panel_chip_tooltip(chip);
  jq_tooltips_set_one_line(tooltip, tip);
  g_free(tip);
  return TRUE;
}

/* A piece character (or "?" for an unknown one) and how many. */
static void add_chip(GtkBox *box, JqColor color, JqPieceType type, int count,
                     gboolean traditional) {
  GtkWidget *chip = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 1);
  /* Its own width, however wide the line. */
  gtk_widget_set_hexpand(chip, FALSE);
  gtk_widget_add_css_class(chip, "piece-chip");
  gtk_widget_add_css_class(chip, color == JQ_RED ? "red" : "black");
  const char *glyph =
      type == JQ_NO_TYPE
          ? "?"
          : jq_board_piece_glyph(jq_piece_make(color, type), traditional);
  GtkWidget *glyph_label = gtk_label_new(glyph);
  gtk_widget_add_css_class(glyph_label, "piece-glyph");
  gtk_widget_set_hexpand(glyph_label, TRUE);
  gtk_box_append(GTK_BOX(chip), glyph_label);
  if (count > 1) {
    char *text = g_strdup_printf("%d", count);
    GtkWidget *count_label = gtk_label_new(text);
    gtk_widget_add_css_class(count_label, "piece-count");
    gtk_widget_set_valign(count_label, GTK_ALIGN_END);
    gtk_box_append(GTK_BOX(chip), count_label);
    g_free(text);
  }
  g_object_set_data(G_OBJECT(chip), "piece-type", GINT_TO_POINTER(type));
  g_object_set_data(G_OBJECT(chip), "piece-count", GINT_TO_POINTER(count));
  /* The tooltip is made when asked for: setting a tooltip's text asks the
   * X server where the pointer is, a round trip a chip, and in jieqi a
   * reveal makes a new row of them. Screen readers keep the text. */
  char *tip = jq_pieces_panel_chip_tooltip(chip);
  gtk_accessible_update_property(GTK_ACCESSIBLE(chip),
                                 GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tip, -1);
  g_free(tip);
  gtk_widget_set_has_tooltip(chip, TRUE);
  g_signal_connect(chip, "query-tooltip", G_CALLBACK(on_chip_query_tooltip),
                   NULL);
  gtk_box_append(box, chip);
}

static void update_side(SideWidgets *side, const JqPosition *pos, JqColor color,
                        gboolean traditional, const char *player) {
  gtk_label_set_label(side->player, player != NULL ? player : "");

  gboolean jieqi = jq_position_is_jieqi(pos);
  int hidden[JQ_TYPE_COUNT] = {0};
  int hidden_total = 0;
  if (jieqi)
    for (gsize i = 0; i < G_N_ELEMENTS(row_order); i++) {
      hidden[row_order[i]] = pos->pool[color][row_order[i]];
      hidden_total += hidden[row_order[i]];
    }
  gboolean same_look = side->shown && side->shown_traditional == traditional;
  if (!same_look || memcmp(hidden, side->shown_hidden, sizeof hidden) != 0) {
    clear_chips(side->hidden);
    for (gsize i = 0; i < G_N_ELEMENTS(row_order); i++)
      if (hidden[row_order[i]] > 0)
        add_chip(side->hidden, color, row_order[i], hidden[row_order[i]],
                 traditional);
  }
  if (jieqi) {
    char *caption = g_strdup_printf(
        /* TRANSLATORS: the face-down pieces of a side nobody has seen
         * yet, by type; %d is their number. */
        g_dngettext(GETTEXT_PACKAGE, "Not yet seen: %d piece",
                    "Not yet seen: %d pieces", hidden_total),
        hidden_total);
    gtk_label_set_label(side->hidden_caption, caption);
    g_free(caption);
  }
  gtk_widget_set_visible(GTK_WIDGET(side->hidden_caption), jieqi);
  gtk_widget_set_visible(GTK_WIDGET(side->hidden), jieqi);

  /* Lost pieces by type; a face-down one whose identity this view did
   * not learn counts as unknown. */
  int lost[JQ_TYPE_COUNT] = {0};
  int lost_total = 0;
  for (int i = 0; i < pos->capture_count; i++) {
    const JqCapture *cap = &pos->captures[i];
    if (jq_piece_color(cap->piece) != color)
      continue;
    JqPieceType type = jq_piece_is_hidden(cap->piece)
                           ? cap->identity
                           : jq_piece_type(cap->piece);
    lost[type]++;
    lost_total++;
  }
  if (!same_look || memcmp(lost, side->shown_lost, sizeof lost) != 0) {
    clear_chips(side->lost);
    for (gsize i = 0; i < G_N_ELEMENTS(row_order); i++)
      if (lost[row_order[i]] > 0)
        add_chip(side->lost, color, row_order[i], lost[row_order[i]],
                 traditional);
    if (lost[JQ_NO_TYPE] > 0)
      add_chip(side->lost, color, JQ_NO_TYPE, lost[JQ_NO_TYPE], traditional);
  }
  side->shown = TRUE;
  side->shown_traditional = traditional;
  memcpy(side->shown_hidden, hidden, sizeof hidden);
  memcpy(side->shown_lost, lost, sizeof lost);
  char *caption =
      lost_total == 0
          ? g_strdup(_("No pieces lost"))
          : g_strdup_printf(g_dngettext(GETTEXT_PACKAGE, "Lost: %d piece",
                                        "Lost: %d pieces", lost_total),
                            lost_total);
  gtk_label_set_label(side->lost_caption, caption);
  g_free(caption);
}

void jq_pieces_panel_update(JqPiecesPanel *self, const JqPosition *pos,
                            gboolean traditional, JqColor top,
                            const char *red_player, const char *black_player) {
  g_return_if_fail(JQ_IS_PIECES_PANEL(self));
  g_return_if_fail(pos != NULL);
  update_side(&self->sides[JQ_RED], pos, JQ_RED, traditional, red_player);
  update_side(&self->sides[JQ_BLACK], pos, JQ_BLACK, traditional, black_player);
  /* The side at the top of the board comes first. */
  GtkWidget *first = self->sides[top].box;
  if (gtk_widget_get_first_child(self->box) != first)
    gtk_box_reorder_child_after(GTK_BOX(self->box), first, NULL);
}

GtkWidget *jq_pieces_panel_new(void) {
  return g_object_new(JQ_TYPE_PIECES_PANEL, NULL);
}

static void jq_pieces_panel_dispose(GObject *object) {
  JqPiecesPanel *self = JQ_PIECES_PANEL(object);
  g_clear_pointer(&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS(jq_pieces_panel_parent_class)->dispose(object);
}

static void jq_pieces_panel_class_init(JqPiecesPanelClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = jq_pieces_panel_dispose;
  gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name(widget_class, "jqpiecespanel");
}

static void jq_pieces_panel_init(JqPiecesPanel *self) {
  self->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_parent(self->box, GTK_WIDGET(self));
  for (int c = 0; c < 2; c++) {
    side_init(&self->sides[c], (JqColor)c);
    gtk_box_append(GTK_BOX(self->box), self->sides[c].box);
  }
  /* Black on top, as on a board seen from Red. */
  gtk_box_reorder_child_after(GTK_BOX(self->box), self->sides[JQ_BLACK].box,
                              NULL);
}
