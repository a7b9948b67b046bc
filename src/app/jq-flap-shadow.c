#include "jq-flap-shadow.h"

/* The CSS names of libadwaita's shadow widgets (AdwShadowHelper); a
 * version without them leaves the flap as it is. */
static gboolean is_shadow(GtkWidget *child) {
  static const char *const names[] = {"dimming", "shadow", "border", "outline"};
  const char *name = gtk_widget_get_css_name(child);
  for (guint i = 0; i < G_N_ELEMENTS(names); i++)
    if (g_strcmp0(name, names[i]) == 0)
      return TRUE;
  return FALSE;
}

static void show_shadow(AdwFlap *flap, gboolean shown) {
  for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(flap));
       child != NULL; child = gtk_widget_get_next_sibling(child))
    if (is_shadow(child))
      gtk_widget_set_visible(child, shown);
}

/* The flap folds while it is being laid out: shown or hidden once that
 * frame is drawn (see jq-fold-button.h), the last change winning. */
static gboolean apply(gpointer data) {
  AdwFlap *flap = data;
  show_shadow(flap, adw_flap_get_folded(flap));
  return G_SOURCE_REMOVE;
}

static void on_folded(AdwFlap *flap, GParamSpec *pspec, gpointer data) {
  g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, apply, g_object_ref(flap),
                  g_object_unref);
}

void jq_flap_shadow_follow(AdwFlap *flap) {
  g_return_if_fail(ADW_IS_FLAP(flap));
  show_shadow(flap, adw_flap_get_folded(flap));
  g_signal_connect(flap, "notify::folded", G_CALLBACK(on_folded), NULL);
}
